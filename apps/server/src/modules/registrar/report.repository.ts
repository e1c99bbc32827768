import { count, eq } from 'drizzle-orm';
import Cursor from 'pg-cursor';
import type { Database } from '../../db/database';
import { domains } from '../../db/schema';

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
 * A registrar's domains in U-label order, in batches, never the whole result at once: one
 * server-side cursor in a read-only transaction on a pooled connection (one consistent snapshot),
 * released when the iteration ends for any reason, the client going away included.
 */
export async function* domainBatches(database: Database, registrarHandle: string, batchSize: number): AsyncGenerator<DomainReportRow[]> {
  const client = await database.pool.connect();
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
