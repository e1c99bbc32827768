import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { prefixUpperBound, type SearchPlan } from './search-pattern';
import { sqlRows } from './sql-rows';

export interface SearchPage {
  ids: number[];
  total: number;
}

export interface SearchRow {
  id: number;
  u_label: string;
  a_label: string;
  created_at: Date | string;
  expires_at: Date | string | null;
  rgp_status: string | null;
  registrant_handle: string | null;
  registrant_name: string | null;
  registrant_email: string | null;
  statuses: { status: string; reason: string | null }[] | string;
}

/** `coalesce(transferred_at, created_at)`: since when the registrar sponsors the domain. */
const sponsoredSince = sql`coalesce(transferred_at, created_at)`;

/**
 * The match condition. The exact pattern compares `name || ''`, which no index serves: for `prefix`
 * and `scan` the registrar's sorted names are read instead (a trigram lookup without a single trigram
 * would read the whole index); for `trigram` the index looks up `indexPattern` and this filters.
 */
function condition(registrarHandle: string, plan: SearchPlan, checkpoint: Date | null): SQL {
  const column = sql.raw(plan.column);
  const parts = [sql`registrar_handle = ${registrarHandle}`];
  if (plan.strategy === 'exact') parts.push(sql`${column} = ${plan.value}`);
  else parts.push(sql`(${column} || '') LIKE ${plan.value}`);
  if (plan.strategy === 'trigram') parts.push(sql`${column} LIKE ${plan.indexPattern}`);
  if (plan.strategy === 'prefix') parts.push(sql`${column} >= ${plan.prefix} AND ${column} < ${prefixUpperBound(plan.prefix)}`);
  if (checkpoint) parts.push(sql`${sponsoredSince} <= ${checkpoint.toISOString()}::timestamptz`);
  return sql.join(parts, sql` AND `);
}

/** Whether the registrar sponsors a domain it did not sponsor yet at the checkpoint. */
export async function hasSponsoredSince(db: Db, registrarHandle: string, checkpoint: Date): Promise<boolean> {
  const rows = await sqlRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM domains WHERE registrar_handle = ${registrarHandle} AND ${sponsoredSince} > ${checkpoint.toISOString()}::timestamptz LIMIT 1`,
  );
  return rows.length > 0;
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
  const where = condition(registrarHandle, plan, checkpoint);
  const column = sql.raw(plan.column);
  if (plan.strategy === 'trigram') {
    // Matches are read once through the trigram index; the count and the sorted page come from that set.
    const [row] = await sqlRows<{ total: number; ids: (number | string)[] | null }>(
      db,
      sql`WITH matches AS MATERIALIZED (SELECT id, ${column} AS name FROM domains WHERE ${where})
          SELECT (SELECT count(*) FROM matches)::int AS total,
                 (SELECT array_agg(id ORDER BY name) FROM (SELECT id, name FROM matches ORDER BY name LIMIT ${size} OFFSET ${offset}) page) AS ids`,
    );
    return { total: row?.total ?? 0, ids: (row?.ids ?? []).map(Number) };
  }
  // Ordered reads of the registrar's names: the count and the page run side by side on PostgreSQL.
  const [counted, page] = await Promise.all([
    sqlRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM domains WHERE ${where}`),
    sqlRows<{ id: number | string }>(db, sql`SELECT id FROM domains WHERE ${where} ORDER BY ${column} LIMIT ${size} OFFSET ${offset}`),
  ]);
  return { total: counted[0]?.total ?? 0, ids: page.map((row) => Number(row.id)) };
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
