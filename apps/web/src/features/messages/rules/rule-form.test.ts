import { notificationRuleSchema, type NotificationRule } from '@registrar-panel/contract';
import { describe, expect, it } from 'vitest';
import { ruleFieldOf, ruleFormValues, ruleRequestOf, savedSearchOf } from './rule-form';

const rule = (target: NotificationRule['target']): NotificationRule => ({
  id: 'r1',
  name: 'Watch',
  target,
  recipients: ['alice@acme', 'bob@acme'],
  createdBy: 'alice@acme',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  lastCount: null,
});

describe("the rule form's values", () => {
  it('open a new rule on serverHold, telling the user who adds it', () => {
    const values = ruleFormValues(undefined, 'alice@acme');
    expect(values).toMatchObject({ name: '', kind: 'entersStatus', status: 'serverHold', recipients: ['alice@acme'] });
    expect(ruleRequestOf({ ...values, name: 'Holds' })).toEqual({
      name: 'Holds',
      target: { kind: 'entersStatus', status: 'serverHold' },
      recipients: ['alice@acme'],
    });
  });

  it("send only the chosen kind's target, whatever the other fields hold", () => {
    const values = { ...ruleFormValues(undefined, 'alice@acme'), name: 'Soon', kind: 'expiresWithin' as const, days: ' 45 ', pattern: '*an*' };
    const request = ruleRequestOf(values);
    expect(request.target).toEqual({ kind: 'expiresWithin', days: '45' });
    expect(notificationRuleSchema.parse(request).target).toEqual({ kind: 'expiresWithin', days: 45 });
    expect(ruleRequestOf({ ...values, kind: 'dsChange' }).target).toEqual({ kind: 'dsChange' });
  });

  it("give a rule back as it was, a saved search's other filters kept untouched", () => {
    for (const target of [
      { kind: 'entersGracePeriod', gracePeriod: 'PENDING_DELETE' },
      { kind: 'entersLabel', label: 'UPDATE_LOCK' },
      { kind: 'expiresWithin', days: 30 },
      { kind: 'transferAway' },
      { kind: 'searchCount', search: { ulabel: '*an*', status: 'ok', idn: 'true', expiresFrom: '2027-01-01' }, direction: 'below', threshold: 100 },
    ] as const) {
      const request = ruleRequestOf(ruleFormValues(rule(target), 'carol@acme'));
      expect(notificationRuleSchema.parse(request)).toEqual({ name: 'Watch', target, recipients: ['alice@acme', 'bob@acme'] });
    }
  });

  it('put each message on the field it is about', () => {
    expect(ruleFieldOf(['name'])).toBe('name');
    expect(ruleFieldOf('recipients.3')).toBe('recipients');
    expect(ruleFieldOf(['target', 'days'])).toBe('days');
    expect(ruleFieldOf('target.threshold')).toBe('threshold');
    expect(ruleFieldOf(['target', 'search', 'ulabel'])).toBe('pattern');
    expect(ruleFieldOf(['target', 'search', 'expiresTo'])).toBe('pattern');
    expect(ruleFieldOf(['target'])).toBe('kind');
    expect(ruleFieldOf(undefined)).toBe('kind');
  });

  it('refuse an empty name, days out of range and no recipient, by the contract', () => {
    const values = { ...ruleFormValues(undefined, undefined), kind: 'expiresWithin' as const, days: '0' };
    const result = notificationRuleSchema.safeParse(ruleRequestOf(values));
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => ruleFieldOf(issue.path));
    expect(new Set(fields)).toEqual(new Set(['name', 'days', 'recipients']));
  });
});

describe("the search page's Save as rule", () => {
  it('brings the search in the address, its filters kept, and opens a new rule counting it', () => {
    const search = savedSearchOf(new URLSearchParams('domainname=*an*&status=ok&idn=true&page=3'));
    expect(search).toEqual({ ulabel: '*an*', status: 'ok', idn: 'true' });
    const values = ruleFormValues(undefined, 'alice@acme', search ?? undefined);
    expect(ruleRequestOf({ ...values, name: 'An', threshold: '100' }).target).toEqual({
      kind: 'searchCount',
      search: { ulabel: '*an*', status: 'ok', idn: 'true' },
      direction: 'atLeast',
      threshold: '100',
    });
  });

  it('brings nothing without a search, or with one the contract refuses', () => {
    expect(savedSearchOf(new URLSearchParams(''))).toBeNull();
    expect(savedSearchOf(new URLSearchParams('domainname=a%20b'))).toBeNull();
    expect(savedSearchOf(new URLSearchParams('domainname=*an*&status=nonsense'))).toBeNull();
  });
});
