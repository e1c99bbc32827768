import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/*
 * The reads of the EPP security page's connections section, each one index walk or a handful:
 * events by (registrar, outcome, at) newest first, an address's last success by (registrar,
 * address, outcome, at) (migration 0019), and the 30-day counts from `epp_connection_days` (never the events themselves).
 */

export interface ConnectionRow {
  at: Date;
  address: string;
  outcome: 'success' | 'refused';
  reason: string | null;
  fingerprint: string | null;
}

const toConnection = (row: Record<string, unknown>): ConnectionRow => ({
  at: new Date(row.at as string | Date),
  address: row.address as string,
  outcome: row.outcome as ConnectionRow['outcome'],
  reason: (row.reason as string | null) ?? null,
  fingerprint: (row.fingerprint as string | null) ?? null,
});

/** The newest events of one outcome, newest first. */
export async function latestConnections(db: Db, handle: string, outcome: ConnectionRow['outcome'], limit: number): Promise<ConnectionRow[]> {
  const { rows } = await db.execute(
    sql`SELECT at, address, outcome, reason, fingerprint FROM epp_connection_events
         WHERE registrar_handle = ${handle} AND outcome = ${outcome} ORDER BY at DESC LIMIT ${limit}`,
  );
  return rows.map(toConnection);
}

/** Each allow-listed address in its saved order, with its last successful connection (null: none kept). */
export async function allowListWithLastUse(db: Db, handle: string): Promise<{ address: string; lastUsedAt: Date | null }[]> {
  const { rows } = await db.execute<{ ip: string; last_used_at: string | Date | null }>(
    sql`SELECT a.ip, (SELECT e.at FROM epp_connection_events e
                       WHERE e.registrar_handle = a.registrar_handle AND e.address = a.ip AND e.outcome = 'success'
                       ORDER BY e.at DESC LIMIT 1) AS last_used_at
          FROM epp_ip_addresses a WHERE a.registrar_handle = ${handle} ORDER BY a.position`,
  );
  return rows.map((row) => ({ address: row.ip, lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at) }));
}

/** The certificates on file now, by slot. */
export async function certificatesOnFile(db: Db, handle: string): Promise<{ slot: 'primary' | 'failover'; fingerprint: string }[]> {
  const { rows } = await db.execute<{ slot: 'primary' | 'failover'; fingerprint: string }>(
    sql`SELECT slot, fingerprint FROM epp_client_certificates WHERE registrar_handle = ${handle} ORDER BY slot DESC`,
  );
  return rows;
}

export interface DayCount {
  day: string;
  outcome: ConnectionRow['outcome'];
  /** '' when no certificate was presented. */
  fingerprint: string;
  count: number;
}

/** The daily counts from `from` (a Brussels day, included) on. */
export async function dailyCounts(db: Db, handle: string, from: string): Promise<DayCount[]> {
  const { rows } = await db.execute<{ day: string; outcome: ConnectionRow['outcome']; fingerprint: string; count: string }>(
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, outcome, fingerprint, count::text AS count FROM epp_connection_days
         WHERE registrar_handle = ${handle} AND day >= ${from}::date`,
  );
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** The last Brussels day each fingerprint connected successfully, over all the counts kept. */
export async function lastSuccessDays(db: Db, handle: string, fingerprints: string[]): Promise<Map<string, string>> {
  if (fingerprints.length === 0) return new Map();
  const { rows } = await db.execute<{ fingerprint: string; day: string }>(
    sql`SELECT fingerprint, to_char(max(day), 'YYYY-MM-DD') AS day FROM epp_connection_days
         WHERE registrar_handle = ${handle} AND outcome = 'success' AND fingerprint IN ${fingerprints} GROUP BY fingerprint`,
  );
  return new Map(rows.map((row) => [row.fingerprint, row.day]));
}
