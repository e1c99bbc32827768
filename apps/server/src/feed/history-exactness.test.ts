import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lifecycleStatus,
  registrationHistoryComparedFields,
  type DomainSearchFilters,
  type RegistrationHistoryChangeKind,
  type RegistrationState,
} from '@registrar-panel/contract';
import type { Database } from '../db/database';
import { loadRegistry } from '../seed/load';
import { Random } from '../seed/random';
import { openTestDatabase } from '../test/test-database';
import {
  changeCounts,
  changeLineCount,
  changesPage,
  historyKnownFrom,
  portfolioCount,
  portfolioPage,
} from '../modules/registration-history/registration-history.repository';
import { applyLines, numbered } from './feed.test-support';
import { canonicalState, statesOf } from './change-record.test-support';
import { readPosition } from './position';
import { randomChanges, readRegistryState } from './random-changes.test-support';

/*
 * The registrations' past checked against a recount from the feed lines: after each random change
 * set the instant is noted with the states the lines lead to; then, for every noted instant and every
 * registrar, the versions' portfolio must be exactly the registrar's registrations in those states,
 * and between every two instants the changes must be what comparing the two recounts gives.
 */

let database: Database;
let beforeLoad: Date;
beforeAll(async () => {
  database = await openTestDatabase();
  beforeLoad = new Date();
  await loadRegistry(database, { seed: 34, quotas: [120, 60, 30], today: Date.UTC(2026, 10, 1), tld: 'be' });
});
afterAll(async () => database.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Moment {
  at: Date;
  states: Map<number, RegistrationState>;
}

const portfolioOf = (moment: Moment, registrar: string) => new Map([...moment.states].filter(([, s]) => s.registrar === registrar));

function expectedChanges(start: Map<number, RegistrationState>, end: Map<number, RegistrationState>): Map<string, RegistrationHistoryChangeKind> {
  const kinds = new Map<string, RegistrationHistoryChangeKind>();
  for (const id of new Set([...start.keys(), ...end.keys()])) {
    const before = start.get(id);
    const after = end.get(id);
    const pick = (s: RegistrationState) => canonicalState(Object.fromEntries(registrationHistoryComparedFields.map((field) => [field, s[field]])));
    if (!before && after) kinds.set(`${id}`, 'added');
    else if (before && !after) kinds.set(`${id}`, 'removed');
    else if (before && after && pick(before) !== pick(after)) kinds.set(`${id}`, 'changed');
  }
  return kinds;
}

describe('the registrations’ past stays exact under the feed', () => {
  it('rebuilds every registrar’s portfolio at each past instant, and the changes between them, as a recount from the lines does', async () => {
    const random = new Random(20261128);
    const state = await readRegistryState(database.pool, 'be');
    let seq = (await readPosition(database.pool)) + 1;
    const moments: Moment[] = [];
    for (let round = 0; round < 6; round++) {
      const changes = numbered([...randomChanges(state, random, 60)], seq);
      seq += changes.length;
      const summary = await applyLines(database, changes, { batchSize: random.pick([1, 9, 500]) });
      expect(summary.rejects).toEqual([]);
      // Batches take their instant from this process's clock: a moment strictly between two runs.
      await pause(5);
      moments.push({ at: new Date(), states: statesOf(state) });
      await pause(5);
    }
    // The past begins with the first snapshot (loaded in bulk into the empty database), never before.
    const knownFrom = await historyKnownFrom(database.db);
    expect(knownFrom!.getTime()).toBeGreaterThanOrEqual(beforeLoad.getTime());
    expect(knownFrom!.getTime()).toBeLessThan(moments[0]!.at.getTime());

    for (const moment of moments) {
      for (const registrar of state.registrars) {
        const expected = portfolioOf(moment, registrar);
        const query = { registrarHandle: registrar, at: moment.at, plan: null, filters: {} };
        const rows = await portfolioPage(database.db, query, 0, 100_000);
        expect(await portfolioCount(database.db, query)).toBe(expected.size);
        expect(new Map(rows.map((row) => [Number(row.domainId), canonicalState(row.state)]))).toEqual(
          new Map([...expected].map(([id, s]) => [id, canonicalState(s as unknown as Record<string, unknown>)])),
        );
        // A filter tested against the state then: the lifecycle status, the registrant.
        const some = [...expected.values()][0];
        if (some) {
          const filters: DomainSearchFilters[] = [{ status: lifecycleStatus(some.statuses) }, { registrant: some.registrant ?? 'none' }];
          for (const filter of filters) {
            const want = [...expected.values()].filter(
              (s) =>
                (filter.status === undefined || lifecycleStatus(s.statuses) === filter.status) &&
                (filter.registrant === undefined || s.registrant === filter.registrant),
            );
            expect(await portfolioCount(database.db, { ...query, filters: filter })).toBe(want.length);
          }
        }
      }
    }

    const seen = { added: 0, removed: 0, changed: 0 };
    for (let i = 0; i < moments.length; i++) {
      for (let j = i + 1; j < moments.length; j++) {
        for (const registrar of state.registrars) {
          const from = moments[i]!;
          const to = moments[j]!;
          const expected = expectedChanges(portfolioOf(from, registrar), portfolioOf(to, registrar));
          const counts = await changeCounts(database.db, registrar, from.at, to.at);
          const found = new Map<string, RegistrationHistoryChangeKind>();
          // The changes file's lines: one per addition or removal, one per field a change shows.
          let lines = 0;
          for (const kind of ['added', 'removed', 'changed'] as const) {
            const rows = await changesPage(database.db, registrar, from.at, to.at, kind, 0, 100_000);
            expect(rows.length).toBe(counts[kind]);
            for (const row of rows) found.set(row.domainId, kind);
            for (const row of rows) lines += kind === 'changed' ? Object.keys(row.before ?? {}).length : 1;
            seen[kind] += rows.length;
          }
          expect(found).toEqual(expected);
          expect(await changeLineCount(database.db, registrar, from.at, to.at)).toBe(lines);
        }
      }
    }
    // The change sets did add, remove and change registrations (a test that compared nothing would pass too).
    expect(Math.min(seen.added, seen.removed, seen.changed)).toBeGreaterThan(0);
  }, 180_000);
});
