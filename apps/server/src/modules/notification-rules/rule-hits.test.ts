import { labelsOf, type NotificationRuleTarget, type PanelRole, type RegistrationState, type RegistryMessagesResponse } from '@registrar-panel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statesOf } from '../../feed/change-record.test-support';
import { applyLines, numbered } from '../../feed/feed.test-support';
import { readPosition } from '../../feed/position';
import { randomChanges, readRegistryState } from '../../feed/random-changes.test-support';
import { users } from '../../db/schema';
import { loadRegistry } from '../../seed/load';
import { Random } from '../../seed/random';
import { call } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkExpiries, countStaleSearches } from './rule-jobs';
import { countSavedSearch } from './search-count';

/*
 * Each kind of rule against a recount from the feed lines: random change sets applied as one batch,
 * the hits the importer wrote compared with those the lines' states before and after call for; the
 * same lines applied again (a resumed run) tell nothing twice; hits reach the recipients' inbox only.
 */

let t: TestApp;
const tld = 'be';

const targets: NotificationRuleTarget[] = [
  { kind: 'entersStatus', status: 'serverHold' },
  { kind: 'entersStatus', status: 'redemption' },
  { kind: 'entersStatus', status: 'clientTransferProhibited' },
  { kind: 'entersGracePeriod', gracePeriod: 'REDEMPTION_PERIOD' },
  { kind: 'entersGracePeriod', gracePeriod: 'TRANSFER_PERIOD' },
  { kind: 'entersLabel', label: 'DOMAINGUARD' },
  { kind: 'entersLabel', label: 'TRANSFER_LOCK' },
  { kind: 'transferAway' },
  { kind: 'nameserversChange' },
  { kind: 'dsChange' },
  { kind: 'registrantChange' },
];

const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);

/** Whether the lines take a registration from `b` to `a` in a way the rule of `registrar` tells. */
function fires(target: NotificationRuleTarget, registrar: string, b: RegistrationState | null, a: RegistrationState | null): boolean {
  const ours = a !== null && a.registrar === registrar;
  switch (target.kind) {
    case 'entersStatus':
      return ours && a.statuses.includes(target.status) && !(b?.statuses ?? []).includes(target.status);
    case 'entersGracePeriod':
      return ours && a.rgpStatus === target.gracePeriod && b?.rgpStatus !== target.gracePeriod;
    case 'entersLabel':
      return ours && labelsOf(a.statuses).includes(target.label) && !labelsOf(b?.statuses ?? []).includes(target.label);
    case 'nameserversChange':
      return ours && b !== null && !same(a.nameservers, b.nameservers);
    case 'dsChange':
      return ours && b !== null && !same(a.delegationSigners, b.delegationSigners);
    case 'registrantChange':
      return ours && b !== null && a.registrant !== b.registrant;
    case 'transferAway':
      if (a === null || b === null || b.registrar !== registrar) return false;
      return (
        (a.registrar === registrar && a.pendingTransferTo !== null && a.pendingTransferTo !== b.pendingTransferTo) ||
        (a.registrar !== registrar && a.pendingTransferTo === b.pendingTransferTo)
      );
    default:
      return false;
  }
}

const rules: { id: string; registrar: string; target: NotificationRuleTarget }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await loadRegistry(t.database, { seed: 32, quotas: [250, 120], today: Date.UTC(2026, 10, 1), tld });
  const { rows } = await t.database.pool.query<{ handle: string }>('SELECT handle FROM registrars ORDER BY handle');
  for (const { handle } of rows) {
    await t.database.db
      .insert(users)
      .values({ username: `tech@${handle}`, registrarHandle: handle, name: 'Tech', email: `tech@${handle}.example`, roles: ['TECH'], state: 'active' });
    for (const target of targets) {
      const res = await call(t, {
        method: 'POST',
        url: '/services/notificationRules',
        as: { username: `tech@${handle}`, roles: ['TECH'] },
        body: { name: `${target.kind} ${JSON.stringify(target)}`, target, recipients: [`tech@${handle}`] },
      });
      expect(res.statusCode, res.body).toBe(201);
      rules.push({ id: res.json<{ data: { rule: { id: string } } }>().data.rule.id, registrar: handle, target });
    }
  }
}, 180_000);
afterAll(async () => t?.close());

describe('notification rules fire as the feed lines say', () => {
  it('each kind, for each registrar, after random change sets; the same lines again tell nothing twice', async () => {
    const random = new Random(3232);
    const state = await readRegistryState(t.database.pool, tld);
    let seq = (await readPosition(t.database.pool)) + 1;
    const fired = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const before = statesOf(state);
      const changes = numbered([...randomChanges(state, random, 120)], seq);
      seq += changes.length;
      const summary = await applyLines(t.database, changes, { batchSize: 10_000 });
      expect(summary.rejects).toEqual([]);
      const after = statesOf(state);
      const expected = new Set<string>();
      for (const id of new Set([...before.keys(), ...after.keys()])) {
        for (const rule of rules) if (fires(rule.target, rule.registrar, before.get(id) ?? null, after.get(id) ?? null)) expected.add(`${rule.id}:${id}`);
      }
      const { rows } = await t.database.pool.query<{ key: string }>(
        `SELECT rule_id || ':' || domain_id AS key FROM rule_hits WHERE occurrence = $1 ORDER BY 1`,
        [String(seq - 1)],
      );
      expect(rows.map((r) => r.key)).toEqual([...expected].sort());
      for (const key of expected) fired.add(`${rules.find((r) => key.startsWith(r.id))!.target.kind}`);
      // Applied again, as a resumed run would meet them: nothing applied, nothing told.
      const again = await applyLines(t.database, changes, { batchSize: 10_000 });
      expect(again.skipped).toBe(changes.length);
      const { rows: count } = await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM rule_hits WHERE occurrence = $1`, [String(seq - 1)]);
      expect(count[0]!.n).toBe(expected.size);
    }
    // The random changes reach every kind, so no kind passes by firing never.
    expect([...fired].sort()).toEqual([...new Set(targets.map((x) => x.kind))].sort());
  }, 300_000);

  it("puts a hit in its recipient's inbox as a ruleHit with the rule's name, never in another registrar's, and marks it read", async () => {
    const rule = rules[0]!;
    const me = { username: `tech@${rule.registrar}`, roles: ['TECH'] as PanelRole[] };
    const page = (await call(t, { url: '/services/messages', as: me, query: { kind: 'ruleHit', size: '5' } })).json<{ data: RegistryMessagesResponse }>().data;
    expect(page.messages.length).toBeGreaterThan(0);
    const hit = page.messages[0]!;
    expect(hit).toMatchObject({ kind: 'ruleHit', read: false, pinned: false, toAll: false });
    expect(hit.id).toBeLessThan(0);
    expect(hit.text).toMatch(/^[a-zA-Z]+ \{/);
    const others = rules.find((r) => r.registrar !== rule.registrar)!;
    const theirs = { username: `tech@${others.registrar}`, roles: ['TECH'] as PanelRole[] };
    const theirPage = (await call(t, { url: '/services/messages', as: theirs, query: { kind: 'ruleHit', size: '100' } })).json<{
      data: RegistryMessagesResponse;
    }>().data;
    expect(theirPage.messages.map((m) => m.id)).not.toContain(hit.id);
    expect((await call(t, { method: 'PUT', url: `/services/messages/${hit.id}/read`, as: theirs, body: { read: true } })).statusCode).toBe(404);
    expect((await call(t, { method: 'PUT', url: `/services/messages/${hit.id}/read`, as: me, body: { read: true } })).statusCode).toBe(200);
    const reread = (await call(t, { url: '/services/messages', as: me, query: { kind: 'ruleHit', size: '5' } })).json<{ data: RegistryMessagesResponse }>()
      .data;
    expect(reread.messages.find((m) => m.id === hit.id)?.read).toBe(true);
  });

  it('tells expiries within N days once per expiry date, and saved searches when their count crosses the threshold', async () => {
    const registrar = rules[0]!.registrar;
    const me = { username: `tech@${registrar}`, roles: ['TECH'] as PanelRole[] };
    const make = async (target: NotificationRuleTarget) => {
      const res = await call(t, { method: 'POST', url: '/services/notificationRules', as: me, body: { name: target.kind, target, recipients: [me.username] } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ data: { rule: { id: string; lastCount: number | null } } }>().data.rule;
    };
    const expiry = await make({ kind: 'expiresWithin', days: 60 });
    const now = new Date();
    const { rows: due } = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM domains WHERE registrar_handle = $1 AND expires_at >= $2 AND expires_at < $2::timestamptz + interval '60 days'`,
      [registrar, now],
    );
    expect(await checkExpiries(t.database.db, now)).toBeGreaterThanOrEqual(due[0]!.n);
    const { rows: told } = await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM rule_hits WHERE rule_id = $1`, [expiry.id]);
    expect(told[0]!.n).toBe(due[0]!.n);
    await checkExpiries(t.database.db, new Date(now.getTime() + 60_000));
    const { rows: again } = await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM rule_hits WHERE rule_id = $1`, [expiry.id]);
    expect(again[0]!.n).toBe(due[0]!.n);

    const search = { ulabel: '*a*' };
    const count = await countSavedSearch(t.database.db, tld, registrar, search);
    const watch = await make({ kind: 'searchCount', search, direction: 'atLeast', threshold: count + 3 });
    expect(watch.lastCount).toBe(count);
    // Three new names with an "a" for the registrar: the count crosses the threshold, once.
    const state = await readRegistryState(t.database.pool, tld);
    let seq = (await readPosition(t.database.pool)) + 1;
    const contact = state.contactsOf.get(registrar)![0]!;
    const created = [1, 2, 3].map((i) => ({
      type: 'domain',
      op: 'upsert',
      data: {
        id: state.nextDomainId + i,
        name: `rule-watch-a${i}.be`,
        aLabel: `rule-watch-a${i}.be`,
        registrar,
        registrant: contact,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        expiresAt: '2030-01-01T00:00:00Z',
        statuses: [{ status: 'ok' }],
      },
    }));
    for (const line of created) {
      await applyLines(t.database, numbered([line], seq++));
      await countStaleSearches(t.database.db, tld);
    }
    const { rows: crossings } = await t.database.pool.query<{ text: string }>(`SELECT text FROM rule_hits WHERE rule_id = $1`, [watch.id]);
    expect(crossings.map((c) => c.text)).toEqual([`searchCount: ${count + 2} → ${count + 3}`]);
  }, 120_000);
});
