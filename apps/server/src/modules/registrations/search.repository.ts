import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { contacts, domains } from '../../db/schema';
import { choosePageRead, lookupLimit, prefixUpperBound, type SearchPlan } from './search-pattern';
import { sqlRows } from '../../db/sql-rows';

export interface SearchPage {
  ids: number[];
  total: number;
}

/** ISO 8601 in UTC with milliseconds, as `Date.toISOString()` writes it, made by the database. */
const isoUtc = (column: SQL | AnyColumn) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The rows of one page of results, by id: a fixed statement, prepared once per connection. Dates
 * come formatted, so the server does not parse and format a hundred of each per search.
 */
const searchRowsQuery = preparedQuery((db) =>
  db
    .select({
      id: domains.id,
      uLabel: domains.uLabel,
      aLabel: domains.aLabel,
      created: isoUtc(domains.createdAt),
      expires: sql<string | null>`${isoUtc(domains.expiresAt)}`,
      rgpStatus: domains.rgpStatus,
      registrantHandle: domains.registrantHandle,
      registrantName: contacts.name,
      registrantEmail: contacts.email,
      statuses: sql<{ status: string; reason: string | null }[]>`(
        SELECT coalesce(json_agg(json_build_object('status', s.status, 'reason', s.reason) ORDER BY s.status), '[]'::json)
          FROM domain_statuses s WHERE s.domain_id = ${domains.id})`,
    })
    .from(domains)
    .leftJoin(contacts, eq(contacts.handle, domains.registrantHandle))
    .where(sql`${domains.id} = ANY(${sql.placeholder('ids')}::bigint[])`)
    .prepare('search_rows'),
);

export type SearchRow = Awaited<ReturnType<ReturnType<typeof searchRowsQuery>['execute']>>[number];

/**
 * What can be read along the registrar's sorted names: the registrar, an exact name or a prefix's
 * range (from the first possible match to the last), and the checkpoint.
 */
export function sortedNamesCondition(registrarHandle: string, plan: SearchPlan, checkpoint: Date | null): SQL {
  const column = sql.raw(plan.column);
  const parts = [sql`registrar_handle = ${registrarHandle}`];
  if (plan.strategy === 'exact') parts.push(sql`${column} = ${plan.value}`);
  if (plan.strategy === 'prefix') parts.push(sql`${column} >= ${plan.prefix} AND ${column} < ${prefixUpperBound(plan.prefix)}`);
  if (checkpoint) parts.push(sql`sponsored_since <= ${checkpoint.toISOString()}::timestamptz`);
  return sql.join(parts, sql` AND `);
}

/** The pattern each name of those is tested against (none for an exact name or `*`). */
export const patternCondition = (plan: SearchPlan): SQL =>
  plan.strategy === 'exact' || plan.value === '%' ? sql`TRUE` : sql`${sql.raw(plan.column)} LIKE ${plan.value}`;

/** The whole match condition among the registrar's names. */
const condition = (registrarHandle: string, plan: SearchPlan, checkpoint: Date | null): SQL =>
  sql`${sortedNamesCondition(registrarHandle, plan, checkpoint)} AND ${patternCondition(plan)}`;

/** The match condition without the registrar, for reads through the registrar's own tokens. */
const tokenMatchCondition = (plan: SearchPlan, checkpoint: Date | null): SQL =>
  checkpoint ? sql`${patternCondition(plan)} AND sponsored_since <= ${checkpoint.toISOString()}::timestamptz` : patternCondition(plan);

/** A text[] literal (every element quoted, `"` and `\\` escaped). */
export const textArray = (values: string[]) => sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** Tokens scoped to the registrar: `{registrar}:{token}`. */
export const registrarTokens = (registrarHandle: string, tokens: string[]) => tokens.map((token) => `${registrarHandle}:${token}`);

/** The registrar's tokens as a text[] literal. */
export const tokenArray = (registrarHandle: string, tokens: string[]) => textArray(registrarTokens(registrarHandle, tokens));

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

/**
 * A page of the registrar's matching names read in name order, or backwards from the last one.
 * The sorted read is fenced off (OFFSET 0) from the pattern test: the planner cannot tell how many
 * names a LIKE pattern matches (it guessed 42 where 9,141 did) and, unfenced, chose to read and
 * sort all the registrar's names; the choice to read in order was made from exact counts, and the
 * fence makes the database follow it, stopping as soon as the page is full.
 */
async function pageInOrder(
  db: Db,
  registrarHandle: string,
  plan: SearchPlan,
  checkpoint: Date | null,
  offset: number,
  size: number,
  reverse?: { total: number },
): Promise<number[]> {
  const column = sql.raw(plan.column);
  const names = sql`SELECT domain_id, ${column} FROM domain_names WHERE ${sortedNamesCondition(registrarHandle, plan, checkpoint)}
                    ORDER BY ${column} ${sql.raw(reverse ? 'DESC' : 'ASC')} OFFSET 0`;
  const [limit, skip] = reverse ? [Math.max(0, Math.min(size, reverse.total - offset)), Math.max(0, reverse.total - offset - size)] : [size, offset];
  const query = sql`SELECT domain_id FROM (${names}) names WHERE ${patternCondition(plan)} LIMIT ${limit} OFFSET ${skip}`;
  const ids = (await sqlRows<{ domain_id: number | string }>(db, query)).map((row) => Number(row.domain_id));
  return reverse ? ids.reverse() : ids;
}

/** The count and a page in name order, the two reads side by side. */
async function countAndPageInOrder(
  db: Db,
  registrarHandle: string,
  plan: SearchPlan,
  checkpoint: Date | null,
  offset: number,
  size: number,
): Promise<SearchPage> {
  const [total, ids] = await Promise.all([
    countWhere(db, condition(registrarHandle, plan, checkpoint)),
    pageInOrder(db, registrarHandle, plan, checkpoint, offset, size),
  ]);
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
           WHERE domain_name_tokens(registrar_handle, u_label) @> ${tokenArray(registrarHandle, plan.tokens)} AND ${tokenMatchCondition(plan, checkpoint)})
        SELECT (SELECT count(*) FROM matches)::int AS total,
               (SELECT array_agg(domain_id ORDER BY u_label) FROM (SELECT * FROM matches ORDER BY u_label LIMIT ${size} OFFSET ${offset}) page) AS ids`,
  );
  return { total: row?.total ?? 0, ids: (row?.ids ?? []).map(Number) };
}

/** How many of the registrar's names hold each token; a token no name holds is missing. */
export async function tokenCounts(db: Db, registrarHandle: string, tokens: string[]): Promise<Map<string, number>> {
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
  if (!plan.tokenIsMatch) return countAndPageInOrder(db, registrarHandle, plan, checkpoint, offset, size);
  const gained = checkpoint
    ? await countWhere(db, sql`${condition(registrarHandle, plan, null)} AND sponsored_since > ${checkpoint.toISOString()}::timestamptz`)
    : 0;
  const total = candidates - gained;
  const read = choosePageRead(total, counts.get('') ?? total, offset, size);
  if (read === 'lookup') return lookUpTokens(db, registrarHandle, plan, checkpoint, offset, size);
  return { total, ids: await pageInOrder(db, registrarHandle, plan, checkpoint, offset, size, read === 'in-reverse-order' ? { total } : undefined) };
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
  return countAndPageInOrder(db, registrarHandle, plan, checkpoint, offset, size);
}

/** What a result row shows: the name, key dates, statuses and the registrant's name and email. */
export async function searchRows(db: Db, ids: number[]): Promise<SearchRow[]> {
  if (ids.length === 0) return [];
  return searchRowsQuery(db).execute({ ids: `{${ids.join(',')}}` });
}
