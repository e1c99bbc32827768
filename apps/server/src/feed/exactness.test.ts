import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { loadRegistry } from '../seed/load';
import { Random } from '../seed/random';
import { openTestDatabase } from '../test/test-database';
import { brusselsDay, labelsOf, lifecycleStatus, type DomainSearchFilters } from '@registrar-panel/contract';
import { filteredSearchPage } from '../modules/registrations/filtered-search.repository';
import { isIdn } from '../db/facets';
import { planSearch } from '../modules/registrations/search-pattern';
import { searchDomains } from '../modules/registrations/search.service';
import { applyLines, connectionDayDifferences, facetDifferences, numbered, searchTableDifferences } from './feed.test-support';
import { changeRecordDifferences, statesOf } from './change-record.test-support';
import { readPosition } from './position';
import { randomChanges, readRegistryState, type DomainDoc, type RegistryState } from './random-changes.test-support';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await loadRegistry(database, { seed: 11, quotas: [300, 150, 60], today: Date.UTC(2026, 10, 1), tld: 'be' });
});
afterAll(async () => database.close());

/** What registration search must answer, found the slow way: every one of the registrar's names tested against the pattern. */
async function recount(registrar: string, term: string): Promise<{ total: number; names: string[] }> {
  const plan = planSearch(term, 'be');
  const test = plan.strategy === 'exact' ? `${plan.column} = $2` : `${plan.column} LIKE $2`;
  const { rows } = await database.pool.query<{ u_label: string }>(`SELECT u_label FROM domains WHERE registrar_handle = $1 AND ${test} ORDER BY u_label`, [
    registrar,
    plan.value,
  ]);
  return { total: rows.length, names: rows.map((r) => r.u_label) };
}

/** Search terms of every shape, made from names the registrar holds now (or held before a change). */
function termsFor(state: RegistryState, random: Random): string[] {
  const names = [...state.domains.values()].map((d) => d.name.slice(0, -'.be'.length));
  const terms: string[] = ['*'];
  for (let i = 0; i < 12; i++) {
    const name = random.pick(names);
    const chars = [...name];
    const length = random.int(1, Math.min(4, chars.length));
    const start = random.int(0, chars.length - length);
    const piece = chars.slice(start, start + length).join('');
    terms.push(random.pick([`*${piece}*`, `${piece}*`, `*${piece}`, name]));
  }
  return terms;
}

/** Filter sets of every kind, some drawn from what the registrar holds. */
function filtersFor(state: RegistryState, registrar: string, random: Random): DomainSearchFilters[] {
  const day = (days: number) => brusselsDay(new Date(Date.now() + days * 86_400_000));
  const all: DomainSearchFilters[] = [
    { status: 'ok' },
    { status: random.pick(['inactive', 'pendingDelete', 'redemption', 'ursLocked'] as const) },
    { label: random.pick(['TRANSFER_LOCK', 'UPDATE_LOCK', 'DOMAINGUARD', 'INACTIVE', 'RENEW_LOCK', 'REGISTERED'] as const) },
    { rgp: random.pick(['NONE', 'ADD_PERIOD', 'TRANSFER_PERIOD', 'REDEMPTION_PERIOD'] as const) },
    { idn: 'true' },
    { expiresFrom: day(random.int(-40, 100)), expiresTo: day(random.int(100, 500)) },
    { registrant: random.pick(state.contactsOf.get(registrar) ?? ['none']) },
    { status: 'ok', label: 'TRANSFER_LOCK', rgp: 'NONE' },
    // A range with a key, and a range of a few days: the range is the rarer or the commoner read.
    { status: 'ok', expiresFrom: day(random.int(-40, 100)), expiresTo: day(random.int(100, 500)) },
    ((from) => ({ expiresFrom: day(from), expiresTo: day(from + 3) }))(random.int(0, 400)),
  ];
  return [random.pick(all), random.pick(all), random.pick(all)];
}

/** Whether a registration as the feed last wrote it passes the filters, by the contract's rules. */
function passes(doc: DomainDoc, f: DomainSearchFilters): boolean {
  const statuses = doc.statuses.map((s) => s.status);
  const expiresOn = doc.expiresAt ? brusselsDay(new Date(doc.expiresAt)) : null;
  return (
    (f.status === undefined || lifecycleStatus(statuses) === f.status) &&
    (f.label === undefined || labelsOf(statuses).includes(f.label)) &&
    (f.rgp === undefined || (doc.rgpStatus ?? 'NONE') === f.rgp) &&
    (f.idn === undefined || isIdn(doc.aLabel)) &&
    (f.expiresFrom === undefined || (expiresOn !== null && expiresOn >= f.expiresFrom)) &&
    (f.expiresTo === undefined || (expiresOn !== null && expiresOn <= f.expiresTo)) &&
    (f.registrant === undefined || doc.registrant === f.registrant)
  );
}

describe('search and the portfolio counts stay exact under the feed', () => {
  it('after each random change set (creates, updates, renames, transfers, deletes) search, the facets and the counts answer as a recount from scratch does', async () => {
    const random = new Random(20261123);
    const state = await readRegistryState(database.pool, 'be');
    let seq = (await readPosition(database.pool)) + 1;
    const firstConnection = state.nextConnectionId;
    const firstMessage = state.nextMessageId;
    // The registry's messages as a line-by-line replay leaves them: those stored, and the events raised (one per registrar reached).
    const liveMessages = new Map<number, string | null>();
    let messageEventsExpected = 0;
    const { rows: registrarRows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM registrars');
    const registrarCount = registrarRows[0]!.n;
    const { rows: eventsBefore } = await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE kind = 'registry.message'`);
    for (let round = 0; round < 10; round++) {
      const statesBefore = statesOf(state);
      const seqBefore = seq - 1;
      const changes = numbered([...randomChanges(state, random, 80)], seq);
      seq += changes.length;
      // Batches of one line, a few lines and the whole set: the same state must come out.
      const summary = await applyLines(database, changes, { batchSize: random.pick([1, 7, 500]) });
      expect(summary.rejects).toEqual([]);
      // The change record, replayed from the states before, leads where the lines lead, field by field.
      expect(await changeRecordDifferences(database.pool, seqBefore, statesBefore, statesOf(state))).toEqual([]);
      expect(await searchTableDifferences(database)).toEqual([]);
      // The portfolio's facets and counts (migration 0010) equal a recount with the contract's rules.
      expect(await facetDifferences(database)).toEqual([]);
      // EPP connection events: each id stored once (retries change nothing), the daily counts equal a recount.
      expect(await connectionDayDifferences(database)).toEqual([]);
      const { rows: stored } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM epp_connection_events WHERE id >= $1', [
        firstConnection,
      ]);
      expect(stored[0]!.n).toBe(new Set(state.connectionsSent.map((line) => (line.data as { id: number }).id)).size);
      for (const line of changes.filter((c) => c.type === 'message')) {
        if (line.op === 'delete') liveMessages.delete((line.key as { id: number }).id);
        else {
          const data = line.data as { id: number; registrar: string | null };
          if (liveMessages.has(data.id)) continue;
          liveMessages.set(data.id, data.registrar);
          messageEventsExpected += data.registrar === null ? registrarCount : 1;
        }
      }
      const { rows: messages } = await database.pool.query<{ id: number }>('SELECT id::int AS id FROM registry_messages WHERE id >= $1 ORDER BY id', [
        firstMessage,
      ]);
      expect(messages.map((m) => m.id)).toEqual([...liveMessages.keys()].sort((a, b) => a - b));
      const { rows: messageEvents } = await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE kind = 'registry.message'`);
      expect(messageEvents[0]!.n - eventsBefore[0]!.n).toBe(messageEventsExpected);
      const terms = termsFor(state, random);
      for (const registrar of state.registrars) {
        for (const term of terms) {
          const expected = await recount(registrar, term);
          const found = await searchDomains(database.db, 'be', { registrarHandle: registrar, ulabel: term, page: 0, size: 100 });
          expect({ registrar, term, total: found.totalResults }).toEqual({ registrar, term, total: expected.total });
          expect(found.results.map((r) => r.uLabel).sort()).toEqual(expected.names.slice(0, 100).sort());
        }
        // Filtered: through the indexes (the default), along the sorted names (no lookups at all), and
        // with few lookups allowed, so that a rare short piece reads through the name tokens instead.
        const byName = new Map([...state.domains.values()].filter((d) => d.registrar === registrar).map((d) => [d.name, d]));
        for (const filters of filtersFor(state, registrar, random)) {
          for (const term of terms.slice(0, 6)) {
            const expected = (await recount(registrar, term)).names.filter((name) => passes(byName.get(name)!, filters));
            for (const limit of [undefined, 0, 3]) {
              const page = await filteredSearchPage(
                database.db,
                { registrarHandle: registrar, plan: planSearch(term, 'be'), filters, checkpoint: null },
                0,
                20,
                limit,
              );
              const { rows } = await database.pool.query<{ u_label: string }>('SELECT u_label FROM domains WHERE id = ANY($1::bigint[])', [page.ids]);
              expect({ registrar, term, filters, limit, total: page.total }).toEqual({ registrar, term, filters, limit, total: expected.length });
              expect(rows.map((r) => r.u_label).sort()).toEqual(expected.slice(0, 20).sort());
            }
          }
        }
      }
    }
    const { rows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM domains');
    expect(rows[0]!.n).toBe(state.domains.size);
    // Many change sets, each checked against a recount: seconds on a quiet machine, and a margin for a busy one.
  }, 120_000);
});
