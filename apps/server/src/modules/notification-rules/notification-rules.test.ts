import { notificationRuleLimits, type NotificationRule, type NotificationRulesResponse, type PanelRole } from '@registrar-panel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { call, messagesOf } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

/* Notification rules through the API: who may manage them, for which registrar, with whom as recipients, and the caps. */

let t: TestApp;
const as = (username: string, role: PanelRole) => ({ username, roles: [role] });
const tech = as('tech@alpha', 'TECH');
const support = as('support@alpha', 'SUPPORT');
const finance = as('finance@alpha', 'FINANCE');
const bravo = as('tech@bravo', 'TECH');
type Caller = ReturnType<typeof as>;

const rule = (extra: Record<string, unknown> = {}) => ({
  name: 'Holds',
  target: { kind: 'entersStatus', status: 'serverHold' },
  recipients: ['tech@alpha'],
  ...extra,
});
const create = (body: unknown, caller: Caller = tech) => call(t, { method: 'POST', url: '/services/notificationRules', as: caller, body });
async function createOk(body: Record<string, unknown> = {}, caller: Caller = tech): Promise<NotificationRule> {
  const res = await create(rule(body), caller);
  if (res.statusCode !== 201) throw new Error(`not created: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { rule: NotificationRule } }>().data.rule;
}
const list = async (caller: Caller = tech) =>
  (await call(t, { url: '/services/notificationRules', as: caller })).json<{ data: NotificationRulesResponse }>().data;

beforeAll(async () => {
  t = await createTestApp();
  for (const handle of ['alpha', 'bravo', 'charlie']) await createRegistrar(t.database.db, { handle });
  const person = (username: string, registrarHandle: string, role: PanelRole) => ({
    username,
    registrarHandle,
    name: username.split('@')[0]!,
    email: `${username.replace('@', '.')}@example.com`,
    roles: [role],
    state: 'active',
  });
  await t.database.db
    .insert(users)
    .values([
      person('tech@alpha', 'alpha', 'TECH'),
      person('support@alpha', 'alpha', 'SUPPORT'),
      person('finance@alpha', 'alpha', 'FINANCE'),
      person('tech@bravo', 'bravo', 'TECH'),
      person('tech@charlie', 'charlie', 'TECH'),
    ]);
}, 60_000);
afterAll(async () => t?.close());

describe('who may manage notification rules', () => {
  it('asks for a sign-in, and refuses a role that does not read registrations', async () => {
    expect((await call(t, { url: '/services/notificationRules' })).statusCode).toBe(401);
    expect((await call(t, { url: '/services/notificationRules', as: finance })).statusCode).toBe(403);
    expect((await create(rule(), finance)).statusCode).toBe(403);
  });

  it("offers as recipients the registrar's users who read registrations, never another registrar's", async () => {
    const { candidates, mail } = await list();
    expect(candidates.map((c) => c.username)).toEqual(['support@alpha', 'tech@alpha']);
    expect(mail).toBe('immediate');
  });

  it("refuses another registrar's user, or one who cannot read registrations, as a recipient (400, nothing stored)", async () => {
    for (const recipients of [['tech@bravo'], ['finance@alpha'], ['tech@alpha', 'nobody@alpha']]) {
      const res = await create(rule({ recipients }));
      expect(res.statusCode, recipients.join()).toBe(400);
      expect(messagesOf(res)[0]).toMatchObject({ messageKey: 'rules.recipientUnknown', field: 'recipients' });
    }
    expect((await list()).rules).toEqual([]);
  });

  it("never shows, changes or deletes another registrar's rule (404), and its own stay as they were", async () => {
    const theirs = await createOk({ name: 'Bravo only', recipients: ['tech@bravo'] }, bravo);
    for (const request of [
      { method: 'PUT' as const, url: `/services/notificationRules/${theirs.id}`, body: rule() },
      { method: 'DELETE' as const, url: `/services/notificationRules/${theirs.id}` },
      { method: 'DELETE' as const, url: '/services/notificationRules/not-a-uuid' },
    ]) {
      expect((await call(t, { ...request, as: tech })).statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    expect((await list()).rules.map((r) => r.id)).not.toContain(theirs.id);
    expect((await list(bravo)).rules).toEqual([expect.objectContaining({ id: theirs.id, name: 'Bravo only', recipients: ['tech@bravo'] })]);
  });
});

describe('a rule', () => {
  it('of every kind is created, listed, changed and deleted', async () => {
    const targets = [
      { kind: 'entersStatus', status: 'redemption' },
      { kind: 'entersGracePeriod', gracePeriod: 'PENDING_DELETE' },
      { kind: 'entersLabel', label: 'DOMAINGUARD' },
      { kind: 'transferAway' },
      { kind: 'nameserversChange' },
      { kind: 'dsChange' },
      { kind: 'registrantChange' },
      { kind: 'expiresWithin', days: 30 },
      { kind: 'searchCount', search: { ulabel: '*an*', status: 'ok' }, direction: 'atLeast', threshold: 10 },
    ];
    const made = [];
    for (const target of targets) made.push(await createOk({ name: `Watch ${target.kind}`, target, recipients: ['tech@alpha', 'support@alpha'] }));
    expect(made.map((r) => r.target)).toEqual(targets);
    expect(made.at(-1)!.lastCount).toBe(0);
    const changed = await call(t, {
      method: 'PUT',
      url: `/services/notificationRules/${made[0]!.id}`,
      as: support,
      body: rule({ name: 'Redemption', target: { kind: 'entersStatus', status: 'pendingDelete' }, recipients: ['support@alpha'] }),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ data: { rule: NotificationRule } }>().data.rule).toMatchObject({ name: 'Redemption', recipients: ['support@alpha'] });
    expect((await call(t, { method: 'DELETE', url: `/services/notificationRules/${made[1]!.id}`, as: tech })).statusCode).toBe(200);
    const names = (await list()).rules.map((r) => r.name);
    expect(names).toContain('Redemption');
    expect(names).not.toContain('Watch entersGracePeriod');
  });

  it('refuses what the contract refuses, with the field and key (400, nothing stored)', async () => {
    const before = (await list()).rules.length;
    const cases: [unknown, string][] = [
      [rule({ name: '' }), 'validation.required'],
      [rule({ name: 'x'.repeat(notificationRuleLimits.nameMaxLength + 1) }), 'validation.maxLength'],
      [rule({ target: { kind: 'entersStatus', status: 'nonsense' } }), 'validation.ruleTarget'],
      [rule({ target: { kind: 'expiresWithin', days: 0 } }), 'validation.ruleTarget'],
      [rule({ target: { kind: 'teleport' } }), 'validation.ruleTarget'],
      [rule({ recipients: [] }), 'validation.ruleRecipients'],
      [rule({ recipients: Array.from({ length: notificationRuleLimits.maxRecipients + 1 }, (_, i) => `u${i}@alpha`) }), 'validation.ruleRecipients'],
    ];
    for (const [body, key] of cases) {
      const res = await create(body);
      expect(res.statusCode, key).toBe(400);
      expect(
        messagesOf(res).map((m) => m.messageKey),
        key,
      ).toContain(key);
    }
    expect((await list()).rules.length).toBe(before);
  });

  it('stops at the cap per registrar, also when many are created at once', async () => {
    const charlie = as('tech@charlie', 'TECH');
    const attempts = await Promise.all(
      Array.from({ length: notificationRuleLimits.maxRules + 8 }, (_, i) => create(rule({ name: `Rule ${i}`, recipients: ['tech@charlie'] }), charlie)),
    );
    const codes = attempts.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201).length).toBe(notificationRuleLimits.maxRules);
    expect(codes.filter((c) => c === 409).length).toBe(8);
    expect(messagesOf(attempts.find((r) => r.statusCode === 409)!)[0]).toMatchObject({
      messageKey: 'rules.tooMany',
      params: { max: notificationRuleLimits.maxRules },
    });
    expect((await list(charlie)).rules.length).toBe(notificationRuleLimits.maxRules);
  }, 120_000);

  it("keeps each user's own mail choice", async () => {
    const res = await call(t, { method: 'PUT', url: '/services/notificationRules/mail', as: support, body: { mail: 'digest' } });
    expect(res.statusCode).toBe(200);
    expect((await list(support)).mail).toBe('digest');
    expect((await list(tech)).mail).toBe('immediate');
    expect((await call(t, { method: 'PUT', url: '/services/notificationRules/mail', as: support, body: { mail: 'hourly' } })).statusCode).toBe(400);
  });
});
