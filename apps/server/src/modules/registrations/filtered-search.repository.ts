import { sql, type SQL } from 'drizzle-orm';
import type { DomainSearchFilters } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { neutraliseFormulaSql } from '../../lib/csv';
import { facetKey, labelBit } from '../../db/facets';
import { choosePageRead, lookupLimit, prefixUpperBound, tokenLength, type SearchPlan } from './search-pattern';
import { patternCondition, registrarTokens, sortedNamesCondition, textArray, tokenCounts, type SearchPage } from './search.repository';
import { sqlRows } from '../../db/sql-rows';

/*
 * Registration search with the portfolio's filters, over `domain_facets` (migration
 * 0010). Like the name search, it chooses its reads from exact counts: how many registrations each
 * filter keeps (the maintained counts, or a bounded count) and how many the name can match. A rare
 * filter or a rare piece of the name is read through one GIN index of both (migration 0014), which
 * walks the rarest list and skips through the others; a rare expiry range through its index; an
 * exact name or a prefix through search's own sorted names; and when everything is common, the
 * registrar's names are read in order from one index that holds every facet, so the filters are
 * tested without touching the table.
 */

/** Filter values are closed lists or checked dates, so they are written into the statement: each value gets a plan of its own. */
const literal = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);

/**
 * The filters as a condition on domain_facets' columns. `expiryIndexed: false` writes the expiry
 * range so that no index answers it: when rarer pieces or keys drive the read, the planner would
 * otherwise AND their bitmap with the range's, which the registrar's many expiring registrations make
 * lossy at scale, and every row of a lossy page has its token expression computed again (issue 35).
 */
export function filterCondition(filters: DomainSearchFilters, { expiryIndexed = true } = {}): SQL {
  const expiry = sql.raw(expiryIndexed ? 'expires_on' : '(expires_on + 0)');
  const parts: SQL[] = [];
  if (filters.status) parts.push(sql`lifecycle = ${literal(filters.status)}`);
  if (filters.label) parts.push(sql`labels & ${sql.raw(String(labelBit(filters.label)))} <> 0`);
  if (filters.rgp) parts.push(filters.rgp === 'NONE' ? sql`rgp_status IS NULL` : sql`rgp_status = ${literal(filters.rgp)}`);
  if (filters.idn) parts.push(sql`idn`);
  if (filters.expiresFrom) parts.push(sql`${expiry} >= ${literal(filters.expiresFrom)}::date`);
  if (filters.expiresTo) parts.push(sql`${expiry} <= ${literal(filters.expiresTo)}::date`);
  if (filters.registrant) parts.push(sql`registrant_handle = ${filters.registrant}`);
  return parts.length === 0 ? sql`TRUE` : sql.join(parts, sql` AND `);
}

/** The facet keys the filters ask for: counted ones (status, label, grace state, IDN) and the registrant. */
function filterKeys(filters: DomainSearchFilters): { counted: string[]; all: string[] } {
  const counted: string[] = [];
  if (filters.status) counted.push(facetKey.lifecycle(filters.status));
  if (filters.label) counted.push(facetKey.label(filters.label));
  if (filters.rgp) counted.push(facetKey.gracePeriod(filters.rgp));
  if (filters.idn) counted.push(facetKey.idn);
  return { counted, all: filters.registrant ? [...counted, facetKey.registrant(filters.registrant)] : counted };
}

const hasExpiry = (filters: DomainSearchFilters) => filters.expiresFrom !== undefined || filters.expiresTo !== undefined;

/**
 * The lookup in the GIN index of name pieces and facet keys (migration 0014): 3-character pieces are
 * written `{registrar}:{piece}` as search's own tokens, facet keys `{registrar}::{key}`. Both are
 * scoped to the registrar, so no registrar condition is needed beside it.
 */
const searchTokensHold = (registrarHandle: string, keys: string[], pieces: string[] = []) => {
  const tokens = [...registrarTokens(registrarHandle, pieces), ...registrarTokens(`${registrarHandle}:`, keys)];
  return sql`domain_facet_search_tokens(registrar_handle, u_label, lifecycle, labels, rgp_status, idn, registrant_handle) @> ${textArray(tokens)}`;
};

const checkpointCondition = (checkpoint: Date | null) => (checkpoint ? sql`sponsored_since <= ${checkpoint.toISOString()}::timestamptz` : sql`TRUE`);

/** How many of the registrar's registrations hold each counted key ('' for all of them); a key none holds is missing. */
export async function facetCounts(db: Db, registrarHandle: string, keys: string[]): Promise<Map<string, number>> {
  const rows = await sqlRows<{ facet: string; registrations: number }>(
    db,
    sql`SELECT facet, registrations FROM registrar_facet_counts WHERE registrar_handle = ${registrarHandle} AND facet = ANY(${`{${keys.map((k) => `"${k}"`).join(',')}}`}::text[])`,
  );
  return new Map(rows.map((row) => [row.facet, row.registrations]));
}

/** How many of the registrar's registrations expire in the range (Brussels days, both included), from the maintained day counts. */
export async function expiryCount(db: Db, registrarHandle: string, from: string | undefined, to: string | undefined): Promise<number> {
  const [row] = await sqlRows<{ total: number }>(
    db,
    sql`SELECT coalesce(sum(registrations), 0)::int AS total FROM registrar_expiry_counts
         WHERE registrar_handle = ${registrarHandle} AND expires_on >= ${from ?? '0001-01-01'}::date AND expires_on <= ${to ?? '9999-12-31'}::date`,
  );
  return row?.total ?? 0;
}

/** Registrations of a registrant, counted up to just past the lookup limit (beyond it the number no longer changes the choice). */
async function registrantBound(db: Db, registrarHandle: string, registrant: string): Promise<number> {
  const [row] = await sqlRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM domain_facets WHERE ${searchTokensHold(registrarHandle, [facetKey.registrant(registrant)])} LIMIT ${lookupLimit + 1}) x`,
  );
  return row?.total ?? 0;
}

/** A prefix's names among the registrar's, counted up to just past the lookup limit. */
async function prefixBound(db: Db, registrarHandle: string, plan: SearchPlan): Promise<number> {
  const [row] = await sqlRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM domain_facets WHERE ${rangeCondition(registrarHandle, plan)} LIMIT ${lookupLimit + 1}) x`,
  );
  return row?.total ?? 0;
}

/** The registrar, and a prefix's range of its sorted U-labels. */
function rangeCondition(registrarHandle: string, plan: SearchPlan): SQL {
  const range = plan.strategy === 'prefix' ? sql` AND u_label >= ${plan.prefix} AND u_label < ${prefixUpperBound(plan.prefix)}` : sql``;
  return sql`registrar_handle = ${registrarHandle}${range}`;
}

/** Count and one page in name order of a materialised set of matches (`matches(domain_id, name)`). */
async function countAndPage(db: Db, matches: SQL, offset: number, size: number): Promise<SearchPage> {
  const [row] = await sqlRows<{ total: number; ids: (number | string)[] | null }>(
    db,
    sql`WITH matches AS MATERIALIZED (${matches})
        SELECT (SELECT count(*) FROM matches)::int AS total,
               (SELECT array_agg(domain_id ORDER BY name) FROM (SELECT * FROM matches ORDER BY name LIMIT ${size} OFFSET ${offset}) page) AS ids`,
  );
  return { total: row?.total ?? 0, ids: (row?.ids ?? []).map(Number) };
}

interface Request {
  registrarHandle: string;
  plan: SearchPlan;
  filters: DomainSearchFilters;
  checkpoint: Date | null;
}

/**
 * Matches read through the GIN index of name pieces and facet keys (the index walks the rarest of
 * them and skips through the others), or through the registrar's expiry index when there are no
 * pieces or keys or the range is rarer than the rarest of them (`expiryRarer`). Only one of the two
 * indexes reads: the other's condition is tested on the rows found.
 */
function tokensLookup(r: Request, keys: string[], pieces: string[], expiryRarer: boolean): SQL {
  const byTokens = keys.length + pieces.length > 0 && !expiryRarer;
  const driver = byTokens ? searchTokensHold(r.registrarHandle, keys, pieces) : sql`registrar_handle = ${r.registrarHandle}`;
  return sql`SELECT domain_id, ${sql.raw(r.plan.column)} AS name FROM domain_facets
              WHERE ${driver} AND ${patternCondition(r.plan)} AND ${filterCondition(r.filters, { expiryIndexed: !byTokens })}
                AND ${checkpointCondition(r.checkpoint)}`;
}

/**
 * Matches read through search's own tables (the exact name, a prefix's range, the A-labels, or the
 * name tokens when a short one is the rarest), each then tested by its facets.
 */
function nameLookup(r: Request): SQL {
  const names =
    r.plan.strategy === 'tokens'
      ? sql`SELECT domain_id, u_label, a_label FROM domain_names
             WHERE domain_name_tokens(registrar_handle, u_label) @> ${textArray(registrarTokens(r.registrarHandle, r.plan.tokens))} AND ${patternCondition(r.plan)}`
      : sql`SELECT domain_id, u_label, a_label FROM domain_names WHERE ${sortedNamesCondition(r.registrarHandle, r.plan, null)} AND ${patternCondition(r.plan)}`;
  // LATERAL: one read per name, whatever the planner guesses of the names' number, and by the
  // registrar and U-label, so that it is answered by the index holding every facet, not the table.
  return sql`SELECT f.domain_id, n.${sql.raw(r.plan.column)} AS name FROM (${names}) n
               CROSS JOIN LATERAL (SELECT domain_id FROM domain_facets
                                    WHERE registrar_handle = ${r.registrarHandle} AND u_label = n.u_label
                                      AND ${filterCondition(r.filters)} AND ${checkpointCondition(r.checkpoint)}) f`;
}

/**
 * The registrar's U-labels (a prefix's range of them) in order, from the index that holds every
 * facet, fenced (OFFSET 0) so that the database reads them in order and tests each, as the name
 * search's pageInOrder does.
 */
function inOrder(r: Request, descending = false): SQL {
  return sql`SELECT domain_id, u_label AS name FROM (
               SELECT domain_id, u_label, sponsored_since, lifecycle, labels, rgp_status, idn, expires_on, registrant_handle FROM domain_facets
                WHERE ${rangeCondition(r.registrarHandle, r.plan)} ORDER BY u_label ${sql.raw(descending ? 'DESC' : 'ASC')} OFFSET 0) f
             WHERE ${patternCondition(r.plan)} AND ${filterCondition(r.filters)} AND ${checkpointCondition(r.checkpoint)}`;
}

async function countInOrder(db: Db, r: Request): Promise<number> {
  const [row] = await sqlRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM (${inOrder(r)}) m`);
  return row?.total ?? 0;
}

async function pageInOrder(db: Db, r: Request, total: number, read: 'in-order' | 'in-reverse-order', offset: number, size: number): Promise<number[]> {
  const reverse = read === 'in-reverse-order';
  const [limit, skip] = reverse ? [Math.max(0, Math.min(size, total - offset)), Math.max(0, total - offset - size)] : [size, offset];
  const rows = await sqlRows<{ domain_id: number | string }>(db, sql`SELECT domain_id FROM (${inOrder(r, reverse)}) m LIMIT ${limit} OFFSET ${skip}`);
  const ids = rows.map((row) => Number(row.domain_id));
  return reverse ? ids.reverse() : ids;
}

/**
 * One page of the registrar's registrations matching the name and the filters, in name order, and
 * how many match in all. Registrations gained after `checkpoint` are left out (the caller passes it
 * only when there are such registrations, as for the name search). `limit` bounds the candidates
 * read through an index and sorted (tests set it to 0 to take the ordered reads on small data).
 */
export async function filteredSearchPage(db: Db, r: Request, offset: number, size: number, limit = lookupLimit): Promise<SearchPage> {
  const keys = filterKeys(r.filters);
  const counts = await facetCounts(db, r.registrarHandle, [facetKey.all, ...keys.counted]);
  const registrarTotal = counts.get(facetKey.all) ?? 0;
  // How many registrations the rarest facet key holds, and how many the expiry range.
  const keyBounds = keys.counted.map((key) => counts.get(key) ?? 0);
  if (r.filters.registrant) keyBounds.push(await registrantBound(db, r.registrarHandle, r.filters.registrant));
  const keyBound = Math.min(...keyBounds);
  const expiryBound = hasExpiry(r.filters) ? await expiryCount(db, r.registrarHandle, r.filters.expiresFrom, r.filters.expiresTo) : Infinity;
  const filterBound = Math.min(registrarTotal, keyBound, expiryBound);
  if (filterBound === 0) return { total: 0, ids: [] };
  const lookup = (pieces: string[] = [], pieceBound = Infinity) => tokensLookup(r, keys.all, pieces, expiryBound < Math.min(keyBound, pieceBound));

  const { plan } = r;
  if (plan.strategy === 'exact') return countAndPage(db, nameLookup(r), offset, size);
  if (plan.column === 'a_label') return countAndPage(db, filterBound <= limit ? lookup() : nameLookup(r), offset, size);

  const everything = plan.strategy === 'tokens' && plan.tokenIsMatch && plan.tokens.length === 1 && plan.tokens[0] === '';
  if (plan.strategy === 'tokens' && !everything) {
    const nameCounts = await tokenCounts(db, r.registrarHandle, plan.tokens);
    const count = (token: string) => nameCounts.get(token) ?? 0;
    const nameBound = Math.min(...plan.tokens.map(count));
    if (nameBound === 0) return { total: 0, ids: [] };
    // The GIN index of pieces and keys walks the rarest of them, so one rare 3-character piece or a
    // rare filter is enough; shorter pieces are not in it (the pattern tests them).
    const pieces = plan.tokens.filter((token) => [...token].length === tokenLength);
    const pieceBound = Math.min(...pieces.map(count));
    if (Math.min(filterBound, pieceBound) <= limit) return countAndPage(db, lookup(pieces, pieceBound), offset, size);
    if (nameBound <= limit) return countAndPage(db, nameLookup(r), offset, size);
  }
  // The maintained count is the answer for `*` and one counted filter (the overview's links),
  // unless registrations were gained since the checkpoint; then only the page is left to read.
  const single = keys.all.length + (hasExpiry(r.filters) ? 1 : 0) === 1 && !r.filters.registrant;
  const known = everything && single && r.checkpoint === null;
  const nameBound = plan.strategy === 'prefix' ? await prefixBound(db, r.registrarHandle, plan) : registrarTotal;
  if (!known && filterBound <= limit && filterBound < nameBound) return countAndPage(db, lookup(), offset, size);

  // Both common: along the registrar's names (a prefix's range of them), the filters tested from the index.
  const total = known ? filterBound : await countInOrder(db, r);
  const read = choosePageRead(total, nameBound, offset, size);
  // Few matches, and the filters fewer candidates than the names: look them up; otherwise the names in order pass the page soonest.
  if (read === 'lookup' && keys.all.length > 0 && filterBound < nameBound && limit > 0)
    return { total, ids: (await countAndPage(db, lookup(), offset, size)).ids };
  return { total, ids: await pageInOrder(db, r, total, read === 'in-reverse-order' ? read : 'in-order', offset, size) };
}

/**
 * Every match of the name and the filters in name order, as the export writes it: the domain
 * report's columns, text as the file shows it (formulas neutralised, empty text as NULL so COPY
 * writes no `""`), timestamps formatted by `timestamp` (run under the report's Brussels session).
 */
export function exportQuery(registrarHandle: string, plan: SearchPlan, filters: DomainSearchFilters, timestamp: (column: string) => string): SQL {
  const range =
    plan.strategy === 'prefix' || plan.strategy === 'exact' ? sortedNamesCondition(registrarHandle, plan, null) : sql`registrar_handle = ${registrarHandle}`;
  const text = (column: string) => sql.raw(neutraliseFormulaSql(`nullif(${column}, '')`));
  return sql`SELECT ${text('u_label')}, ${text('a_label')}, ${text('registrant_handle')}, ${sql.raw(timestamp('created_at'))}, ${sql.raw(timestamp('expires_at'))}
               FROM domain_facets WHERE ${range} AND ${patternCondition(plan)} AND ${filterCondition(filters)}
              ORDER BY ${sql.raw(plan.column)}`;
}
