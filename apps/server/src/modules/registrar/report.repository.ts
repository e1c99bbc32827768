import { count, eq } from 'drizzle-orm';
import Cursor from 'pg-cursor';
import type { Database } from '../../db/database';
import { domains } from '../../db/schema';

/** One line of the domain report, every value already text. */
export interface DomainReportRow {
  u_label: string;
  a_label: string;
  registrant_handle: string | null;
  created: string;
  expires: string | null;
}

/**
 * SQL giving the same text as `isoInBrussels` (e.g. `2024-07-01T12:00:00+02:00`; NULL stays NULL).
 * A million timestamps are formatted by the database, in C and in another process, instead of
 * being parsed into Dates and formatted again in the server.
 */
export function brusselsIsoSql(column: string): string {
  const local = `timezone('Europe/Brussels', ${column})`;
  return `to_char(${local}, 'YYYY-MM-DD"T"HH24:MI:SS') || '+' || to_char(${local} - timezone('UTC', ${column}), 'HH24:MI')`;
}

const columns = `u_label, a_label, registrant_handle, ${brusselsIsoSql('created_at')} AS created, ${brusselsIsoSql('expires_at')} AS expires`;

export async function countDomains(database: Database, registrarHandle: string): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(domains).where(eq(domains.registrarHandle, registrarHandle));
  return row?.n ?? 0;
}

/**
 * A registrar's domains in U-label order, in batches, never the whole result at once.
 * PostgreSQL: one server-side cursor in a read-only transaction on a pooled connection (one
 * consistent snapshot), released when the iteration ends for any reason, the client going away included. PGlite has no cursor across calls and its COPY buffers the whole
 * file, so it pages by keyset on (registrar_handle, u_label), the unique index the ORDER BY uses.
 */
export function domainBatches(database: Database, registrarHandle: string, batchSize: number): AsyncGenerator<DomainReportRow[]> {
  return database.engine === 'postgres' ? cursorBatches(database.pool, registrarHandle, batchSize) : keysetBatches(database.client, registrarHandle, batchSize);
}

async function* cursorBatches(pool: Extract<Database, { engine: 'postgres' }>['pool'], registrarHandle: string, batchSize: number) {
  const client = await pool.connect();
  let broken = false;
  let cursor: Cursor<DomainReportRow> | undefined;
  try {
    await client.query('BEGIN READ ONLY');
    // Every row will be read: let the planner optimise for the whole result (a sequential scan and
    // a sort usually beat a million random heap reads through the index) rather than the first rows.
    await client.query('SET LOCAL cursor_tuple_fraction = 1');
    cursor = client.query(new Cursor<DomainReportRow>(`SELECT ${columns} FROM domains WHERE registrar_handle = $1 ORDER BY u_label`, [registrarHandle]));
    for (;;) {
      const rows = await cursor.read(batchSize);
      if (rows.length === 0) return;
      yield rows;
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    try {
      await cursor?.close();
      await client.query(broken ? 'ROLLBACK' : 'COMMIT');
    } catch {
      broken = true;
    }
    // A connection left in an unknown state is closed rather than handed to the next request.
    client.release(broken || undefined);
  }
}

async function* keysetBatches(client: Extract<Database, { engine: 'pglite' }>['client'], registrarHandle: string, batchSize: number) {
  // Two statements rather than one with "$2 IS NULL OR …", so that every page is an index range scan.
  const first = `SELECT ${columns} FROM domains WHERE registrar_handle = $1 ORDER BY u_label LIMIT $2`;
  const next = `SELECT ${columns} FROM domains WHERE registrar_handle = $1 AND u_label > $3 ORDER BY u_label LIMIT $2`;
  let after: string | undefined;
  for (;;) {
    const { rows } = await client.query<DomainReportRow>(
      after === undefined ? first : next,
      after === undefined ? [registrarHandle, batchSize] : [registrarHandle, batchSize, after],
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]?.u_label;
  }
}
