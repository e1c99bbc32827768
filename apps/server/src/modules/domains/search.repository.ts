import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { choosePageRead, lookupLimit, prefixUpperBound, type SearchPlan } from './search-pattern';
import { sqlRows } from './sql-rows';

export interface SearchPage {
  ids: number[];
  total: number;
}

export interface SearchRow {
  id: number;
  u_label: string;
  a_label: string;
  /** Timestamps as PostgreSQL writes them: Drizzle's driver leaves them unparsed, for its own column mapping. */
  created_at: string;
  expires_at: string | null;
  rgp_status: string | null;
  registrant_handle: string | null;
  registrant_name: string | null;
  registrant_email: string | null;
  statuses: { status: string; reason: string | null }[];
}

/**
 * The match condition on domain_names, without the registrar. For `prefix` the range lets the
 * registrar's sorted names be read from the first possible match to the last.
 */
function matchCondition(plan: SearchPlan, checkpoint: Date | null): SQL {
  const column = sql.raw(plan.column);
  const parts = [sql`TRUE`];
  if (plan.strategy === 'exact') parts.push(sql`${column} = ${plan.value}`);
  else if (plan.value !== '%') parts.push(sql`${column} LIKE ${plan.value}`);
  if (plan.strategy === 'prefix') parts.push(sql`${column} >= ${plan.prefix} AND ${column} < ${prefixUpperBound(plan.prefix)}`);
  if (checkpoint) parts.push(sql`sponsored_since <= ${checkpoint.toISOString()}::timestamptz`);
  return sql.join(parts, sql` AND `);
}

/** The match condition among the registrar's names, read along its sorted names. */
const condition = (registrarHandle: string, plan: SearchPlan, checkpoint: Date | null): SQL =>
  sql`registrar_handle = ${registrarHandle} AND ${matchCondition(plan, checkpoint)}`;

/** The registrar's tokens as a text[] literal (every element quoted, `"` and `\\` escaped). */
const tokenArray = (registrarHandle: string, tokens: string[]) =>
  sql`${`{${tokens.map((token) => `"${`${registrarHandle}:${token}`.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** Whether the registrar sponsors a domain it did not sponsor yet at the checkpoint. */
export async function hasSponsoredSince(db: Db, registrarHandle: string, checkpoint: Date): Promise<boolean> {
  const rows = await sqlRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM domain_names WHERE registrar_handle = ${registrarHandle} AND sponsored_since > ${checkpoint.toISOString()}::timestamptz LIMIT 1`,
  );
  return rows.length > 0;
}

async function countWhere(db: Db, where: SQL): Promise<number> {
  const [row] = await sqlRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM domain_names WHERE ${where}`);
  return row?.total ?? 0;
}

/** A page of the registrar's matching names read in name order, or backwards from the last one. */
async function pageInOrder(db: Db, plan: SearchPlan, where: SQL, offset: number, size: number, reverse?: { total: number }): Promise<number[]> {
  const column = sql.raw(plan.column);
  const query = reverse
    ? sql`SELECT domain_id FROM domain_names WHERE ${where} ORDER BY ${column} DESC
          LIMIT ${Math.max(0, Math.min(size, reverse.total - offset))} OFFSET ${Math.max(0, reverse.total - offset - size)}`
    : sql`SELECT domain_id FROM domain_names WHERE ${where} ORDER BY ${column} LIMIT ${size} OFFSET ${offset}`;
  const ids = (await sqlRows<{ domain_id: number | string }>(db, query)).map((row) => Number(row.domain_id));
  return reverse ? ids.reverse() : ids;
}

/** The count and a page in name order; on PostgreSQL the two reads run side by side. */
async function countAndPageInOrder(db: Db, plan: SearchPlan, where: SQL, offset: number, size: number): Promise<SearchPage> {
  const [total, ids] = await Promise.all([countWhere(db, where), pageInOrder(db, plan, where, offset, size)]);
  return { total, ids };
}

/**
 * All matches read once through the token index: how many there are, and one page of them in name
 * order. The tokens name the registrar; a registrar condition besides would only tempt the planner
 * into reading all the registrar's names to combine with them.
 */
async function lookUpTokens(db: Db, registrarHandle: string, plan: SearchPlan, checkpoint: Date | null, offset: number, size: number): Promise<SearchPage> {
  const [row] = await sqlRows<{ total: number; ids: (number | string)[] | null }>(
    db,
    sql`WITH matches AS MATERIALIZED (
          SELECT domain_id, u_label FROM domain_names
           WHERE domain_name_tokens(registrar_handle, u_label) @> ${tokenArray(registrarHandle, plan.tokens)} AND ${matchCondition(plan, checkpoint)})
        SELECT (SELECT count(*) FROM matches)::int AS total,
               (SELECT array_agg(domain_id ORDER BY u_label) FROM (SELECT * FROM matches ORDER BY u_label LIMIT ${size} OFFSET ${offset}) page) AS ids`,
  );
  return { total: row?.total ?? 0, ids: (row?.ids ?? []).map(Number) };
}

/** How many of the registrar's names hold each token; a token no name holds is missing. */
async function tokenCounts(db: Db, registrarHandle: string, tokens: string[]): Promise<Map<string, number>> {
  const rows = await sqlRows<{ token: string; names: number }>(
    db,
    sql`SELECT token, names FROM domain_name_token_counts WHERE token = ANY(${tokenArray(registrarHandle, [...tokens, ''])})`,
  );
  return new Map(rows.map((row) => [row.token.slice(registrarHandle.length + 1), row.names]));
}

/**
 * A `tokens` search. The counts table says at once how many names hold each token: when holding the
 * token is matching, that is the answer (less the matches gained after the checkpoint); otherwise the
 * rarest token bounds the candidates. Few candidates are read through the token index; many are
 * counted over the registrar's sorted names, a scan bounded by the registrar's size.
 */
async function searchTokens(db: Db, registrarHandle: string, plan: SearchPlan, checkpoint: Date | null, offset: number, size: number): Promise<SearchPage> {
  const counts = await tokenCounts(db, registrarHandle, plan.tokens);
  const holding = plan.tokens.map((token) => counts.get(token) ?? 0);
  const candidates = Math.min(...holding);
  if (candidates === 0) return { total: 0, ids: [] };
  if (!plan.tokenIsMatch && candidates <= lookupLimit) return lookUpTokens(db, registrarHandle, plan, checkpoint, offset, size);
  const where = condition(registrarHandle, plan, checkpoint);
  if (!plan.tokenIsMatch) return countAndPageInOrder(db, plan, where, offset, size);
  const gained = checkpoint
    ? await countWhere(db, sql`${condition(registrarHandle, plan, null)} AND sponsored_since > ${checkpoint.toISOString()}::timestamptz`)
    : 0;
  const total = candidates - gained;
  const read = choosePageRead(total, counts.get('') ?? total, offset, size);
  if (read === 'lookup') return lookUpTokens(db, registrarHandle, plan, checkpoint, offset, size);
  return { total, ids: await pageInOrder(db, plan, where, offset, size, read === 'in-reverse-order' ? { total } : undefined) };
}

/** One page of matching domain ids in name order, and how many match in all. */
export async function searchPage(
  db: Db,
  registrarHandle: string,
  plan: SearchPlan,
  checkpoint: Date | null,
  offset: number,
  size: number,
): Promise<SearchPage> {
  if (plan.strategy === 'tokens') return searchTokens(db, registrarHandle, plan, checkpoint, offset, size);
  return countAndPageInOrder(db, plan, condition(registrarHandle, plan, checkpoint), offset, size);
}

/** What a result row shows: the name, key dates, statuses and the registrant's name and email. */
export async function searchRows(db: Db, ids: number[]): Promise<SearchRow[]> {
  if (ids.length === 0) return [];
  return sqlRows<SearchRow>(
    db,
    sql`SELECT d.id, d.u_label, d.a_label, d.created_at, d.expires_at, d.rgp_status, d.registrant_handle,
               c.name AS registrant_name, c.email AS registrant_email,
               (SELECT coalesce(json_agg(json_build_object('status', s.status, 'reason', s.reason) ORDER BY s.status), '[]'::json)
                  FROM domain_statuses s WHERE s.domain_id = d.id) AS statuses
          FROM domains d LEFT JOIN contacts c ON c.handle = d.registrant_handle
         WHERE d.id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
  );
}
