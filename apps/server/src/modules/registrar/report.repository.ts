import { count, eq } from 'drizzle-orm';
import Cursor from 'pg-cursor';
import type { Database } from '../../db/database';
import { domains } from '../../db/schema';

type Pool = Extract<Database, { engine: 'postgres' }>['pool'];
type PGliteClient = Extract<Database, { engine: 'pglite' }>['client'];

/**
 * One line of the domain report in column order (U-label, A-label, registrant, created, expires),
 * every value already text. Rows come as arrays, not objects: fewer allocations per row, which
 * is what keeps the server's memory flat over a million of them.
 */
export type DomainReportRow = [uLabel: string, aLabel: string, registrant: string | null, created: string, expires: string | null];

/**
 * The statement that makes `isoTimestampSql` write Brussels time. It is only ever SET LOCAL, inside
 * the report's own transaction, so no other query on the connection sees it.
 */
export const brusselsSessionSql = "SET LOCAL TimeZone = 'Europe/Brussels'";

/**
 * SQL writing a timestamp like `isoInBrussels` does (e.g. `2024-07-01T12:00:00+02:00`; NULL stays
 * NULL) once `brusselsSessionSql` ran. A million timestamps are formatted by the database, in C and
 * in another process, instead of being parsed into Dates and formatted again in the server.
 */
export function isoTimestampSql(column: string): string {
  return `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM')`;
}

const columns = `u_label, a_label, registrant_handle, ${isoTimestampSql('created_at')}, ${isoTimestampSql('expires_at')}`;

export async function countDomains(database: Database, registrarHandle: string): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(domains).where(eq(domains.registrarHandle, registrarHandle));
  return row?.n ?? 0;
}

/**
 * A registrar's domains in U-label order, in batches, never the whole result at once.
 * PostgreSQL: one server-side cursor in a read-only transaction on a pooled connection (one
 * consistent snapshot), released when the iteration ends for any reason, the client going away
 * included. PGlite has no cursor across calls and its COPY buffers the whole file, so it pages by
 * keyset on (registrar_handle, u_label), the unique index the ORDER BY uses.
 */
export function domainBatches(database: Database, registrarHandle: string, batchSize: number): AsyncGenerator<DomainReportRow[]> {
  return database.engine === 'postgres' ? cursorBatches(database.pool, registrarHandle, batchSize) : keysetBatches(database.client, registrarHandle, batchSize);
}

async function* cursorBatches(pool: Pool, registrarHandle: string, batchSize: number) {
  const client = await pool.connect();
  let broken = false;
  let cursor: Cursor<DomainReportRow> | undefined;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(brusselsSessionSql);
    // Every row will be read: let the planner optimise for the whole result (a sequential scan and
    // a sort usually beat a million random heap reads through the index) rather than the first rows.
    await client.query('SET LOCAL cursor_tuple_fraction = 1');
    cursor = client.query(
      new Cursor<DomainReportRow>(`SELECT ${columns} FROM domains WHERE registrar_handle = $1 ORDER BY u_label`, [registrarHandle], { rowMode: 'array' }),
    );
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

async function* keysetBatches(client: PGliteClient, registrarHandle: string, batchSize: number) {
  // Two statements rather than one with "$2 IS NULL OR …", so that every page is an index range scan.
  const first = `SELECT ${columns} FROM domains WHERE registrar_handle = $1 ORDER BY u_label LIMIT $2`;
  const next = `SELECT ${columns} FROM domains WHERE registrar_handle = $1 AND u_label > $3 ORDER BY u_label LIMIT $2`;
  let after: string | undefined;
  for (;;) {
    // One short transaction per page: PGlite has one connection, shared by every request, which
    // must neither wait for the whole download nor see its time zone.
    const rows = await client.transaction(async (tx) => {
      await tx.exec(brusselsSessionSql);
      const params = after === undefined ? [registrarHandle, batchSize] : [registrarHandle, batchSize, after];
      return (await tx.query<DomainReportRow>(after === undefined ? first : next, params, { rowMode: 'array' })).rows;
    });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]?.[0];
  }
}
