import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelsOf, lifecycleStatus, registrationLabels } from '@registrar-panel/contract';
import type { Database } from './database';
import { openTestDatabase } from '../test/test-database';
import { facetKey, labelBit, labelBits } from './facets';

/*
 * The lifecycle status and labels are computed in SQL for the facets (migration 0010) and in
 * TypeScript for the badges (contract portfolio.ts). Both must say the same for every combination of
 * statuses that can change the answer.
 */

/** Statuses that only ever act as "the first lifecycle status found": none, one or two of them cover every case. */
const lifecycleOnly = ['available', 'reserved', 'ok', 'redemption', 'pendingDelete', 'pendingRestore'];
/** Statuses whose presence changes labels or the lifecycle otherwise: every subset of them. */
const combined = [
  'inactive',
  'pendingTransfer',
  'ursLocked',
  'ursSuspended',
  'clientHold',
  'serverHold',
  'clientDeleteProhibited',
  'clientRenewProhibited',
  'clientTransferProhibited',
  'clientUpdateProhibited',
  'serverDeleteProhibited',
  'serverRenewProhibited',
  'serverTransferProhibited',
  'serverUpdateProhibited',
];
const prefixes: string[][] = [
  [],
  ...lifecycleOnly.map((s) => [s]),
  ...lifecycleOnly.flatMap((a, i) => lifecycleOnly.slice(i + 1).map((b) => [b, a])),
  // Duplicates and order do not matter either.
  ['ok', 'ok'],
];
const subset = (mask: number) => combined.filter((_, i) => (mask & (1 << i)) !== 0);

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

describe('registration_lifecycle and registration_labels (SQL)', () => {
  it(`equal the contract's lifecycleStatus and labelsOf for all ${prefixes.length * 2 ** combined.length} combinations`, async () => {
    const { rows } = await database.pool.query<{ n: number; results: string }>(
      `WITH a AS (SELECT (x.n - 1)::int AS n, ARRAY(SELECT jsonb_array_elements_text(x.v)) AS statuses FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(v, n)),
            b AS (SELECT m, ARRAY(SELECT u.s FROM unnest($2::text[]) WITH ORDINALITY AS u(s, i) WHERE m & (1 << (u.i::int - 1)) <> 0) AS statuses
                    FROM generate_series(0, (1 << cardinality($2::text[])) - 1) m)
       SELECT a.n, string_agg(registration_lifecycle(a.statuses || b.statuses) || ':' || registration_labels(a.statuses || b.statuses), ',' ORDER BY b.m) AS results
         FROM a, b GROUP BY a.n ORDER BY a.n`,
      [JSON.stringify(prefixes), combined],
    );
    expect(rows).toHaveLength(prefixes.length);
    const differences: string[] = [];
    for (const row of rows) {
      const prefix = prefixes[row.n]!;
      row.results.split(',').forEach((sqlResult, mask) => {
        const statuses = [...subset(mask), ...prefix];
        const expected = `${lifecycleStatus(statuses)}:${labelBits(labelsOf(statuses))}`;
        if (sqlResult !== expected && differences.length < 10) differences.push(`${statuses.join(' ')}: SQL ${sqlResult}, contract ${expected}`);
      });
    }
    expect(differences).toEqual([]);
    // One query over every combination: seconds on a quiet machine, and a margin for a busy one.
  }, 120_000);

  it('looks up by the same keys it counts: domain_facet_tokens is domain_facet_keys with the registrar, and the registrant', async () => {
    const { rows } = await database.pool.query<{ differences: number }>(
      `SELECT count(*)::int AS differences
         FROM generate_series(0, 1023) labels, unnest('{ok,inactive}'::text[]) lifecycle, unnest(ARRAY[NULL, 'ADD_PERIOD']) rgp,
              unnest('{true,false}'::boolean[]) idn, unnest(ARRAY[NULL, 'c1']) registrant
        WHERE (SELECT array_agg(t ORDER BY t) FROM unnest(domain_facet_tokens('acme', lifecycle, labels, rgp, idn, registrant)) t)
              IS DISTINCT FROM (SELECT array_agg(t ORDER BY t) FROM (
                 SELECT 'acme:' || k AS t FROM unnest(domain_facet_keys(lifecycle, labels, rgp, idn)) k WHERE k <> ''
                 UNION ALL SELECT 'acme:c:' || registrant WHERE registrant IS NOT NULL) x)`,
    );
    expect(rows[0]?.differences).toBe(0);
  });

  it("counts each label under the server's key for it, one bit each, in one expression the planner inlines (migration 0015)", async () => {
    const { rows } = await database.pool.query<{ keys: string[] }>(
      `SELECT domain_facet_keys('ok', bit, 'AUTO_RENEW_PERIOD', true) AS keys FROM unnest($1::int[]) WITH ORDINALITY AS b(bit, n) ORDER BY n`,
      [registrationLabels.map(labelBit)],
    );
    expect(rows.map((row) => row.keys)).toEqual(
      registrationLabels.map((label) => [
        facetKey.all,
        facetKey.lifecycle('ok'),
        facetKey.gracePeriod('AUTO_RENEW_PERIOD'),
        facetKey.label(label),
        facetKey.idn,
      ]),
    );
    // Not inlined, it ran as a statement of its own for every row a refresh counts (twice) and the refill reads.
    const plan = await database.pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (VERBOSE, COSTS OFF) SELECT k FROM domain_facets, unnest(domain_facet_keys(lifecycle, labels, rgp_status, idn)) k`,
    );
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('l:REGISTERED');
    expect(text).not.toContain('domain_facet_keys');
  });

  it('indexes the 3-character pieces of the name and the facet keys, apart: a name holding "is-" is not an IDN', async () => {
    const { rows } = await database.pool.query<{ tokens: string[] }>(
      `SELECT domain_facet_search_tokens('acme', 'is-ok.be', 'ok', 0, NULL, true, 'c1') AS tokens`,
    );
    const tokens = rows[0]!.tokens;
    expect(tokens.filter((token) => !token.startsWith('acme::'))).toEqual(['acme:is-', 'acme:s-o', 'acme:-ok', 'acme:ok.', 'acme:k.b', 'acme:.be']);
    expect(tokens.filter((token) => token.startsWith('acme::')).sort()).toEqual(['acme::c:c1', 'acme::g:NONE', 'acme::i', 'acme::s:ok']);
  });

  it('notices a difference (a registration with no status at all is available; with only a hold, inactive)', async () => {
    const { rows } = await database.pool.query<{ none: string; held: string; guard: number }>(
      `SELECT registration_lifecycle('{}') AS none, registration_lifecycle('{serverHold}') AS held,
              registration_labels('{ok,serverTransferProhibited,serverUpdateProhibited,serverDeleteProhibited,serverRenewProhibited}') AS guard`,
    );
    expect(rows[0]).toEqual({ none: 'available', held: 'inactive', guard: labelBits(['REGISTERED', 'DOMAINGUARD', 'RENEW_LOCK']) });
  });
});
