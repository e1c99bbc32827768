import { notificationRuleKinds, type NotificationRuleTarget } from '@registrar-panel/contract';
import { Translator, type TFunction } from '../../../lib/translator';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../en.json';
import { describeRuleTarget } from './rule-description';

let t: TFunction;

beforeAll(() => {
  const instance = new Translator();
  instance.init({ language: 'en', texts: { en } });
  t = instance.t;
});

const describe_ = (target: NotificationRuleTarget) => describeRuleTarget(t, target, 'en');

describe('a rule in words', () => {
  it('names the status, grace period or label a registration enters', () => {
    expect(describe_({ kind: 'entersStatus', status: 'serverHold' })).toBe('Enters status serverHold');
    expect(describe_({ kind: 'entersGracePeriod', gracePeriod: 'REDEMPTION_PERIOD' })).toBe('Enters grace period: Redemption period');
    expect(describe_({ kind: 'entersLabel', label: 'TRANSFER_LOCK' })).toBe('Gets label Transfer lock');
  });

  it('counts the days before expiry, one day in the singular', () => {
    expect(describe_({ kind: 'expiresWithin', days: 30 })).toBe('Expires within 30 days');
    expect(describe_({ kind: 'expiresWithin', days: 1 })).toBe('Expires within 1 day');
  });

  it("gives a saved search's name, its filters in brackets, its direction and its threshold", () => {
    expect(describe_({ kind: 'searchCount', search: { ulabel: '*an*', status: 'ok' }, direction: 'atLeast', threshold: 100 })).toBe(
      'Saved search *an* (status ok): count at least 100',
    );
    expect(describe_({ kind: 'searchCount', search: { ulabel: 'shop*' }, direction: 'below', threshold: 12500 })).toBe(
      'Saved search shop*: count below 12,500',
    );
    expect(
      describe_({
        kind: 'searchCount',
        search: { ulabel: '*', label: 'DOMAINGUARD', idn: 'true', expiresTo: '2027-01-31' },
        direction: 'atLeast',
        threshold: 1,
      }),
    ).toBe('Saved search * (label DOMAINGUARD, IDN only, expiring until 2027-01-31): count at least 1');
  });

  it('has words for every kind the contract lists', () => {
    const targets: Record<(typeof notificationRuleKinds)[number], NotificationRuleTarget> = {
      entersStatus: { kind: 'entersStatus', status: 'ok' },
      entersGracePeriod: { kind: 'entersGracePeriod', gracePeriod: 'ADD_PERIOD' },
      entersLabel: { kind: 'entersLabel', label: 'REGISTERED' },
      transferAway: { kind: 'transferAway' },
      nameserversChange: { kind: 'nameserversChange' },
      dsChange: { kind: 'dsChange' },
      registrantChange: { kind: 'registrantChange' },
      expiresWithin: { kind: 'expiresWithin', days: 2 },
      searchCount: { kind: 'searchCount', search: { ulabel: 'a*' }, direction: 'below', threshold: 0 },
    };
    const texts: Record<string, string> = en;
    for (const kind of notificationRuleKinds) {
      expect(describe_(targets[kind])).not.toContain('messages.rules');
      expect(texts[`messages.rules.kind.${kind}`], kind).toBeTruthy();
    }
    expect(describe_(targets.transferAway)).toBe('A transfer away from your registrar is requested');
  });
});
