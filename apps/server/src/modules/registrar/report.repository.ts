import { count, eq } from 'drizzle-orm';
import Cursor from 'pg-cursor';
import type { Database } from '../../db/database';
import { domains } from '../../db/schema';

/** One line of the domain report, straight from the table. */
export interface DomainReportRow {
  u_label: string;
  a_label: string;
  registrant_handle: string | null;
  created_at: Date;
  expires_at: Date | null;
}

const columns = 'u_label, a_label, registrant_handle, created_at, expires_at';

export async function countDomains(database: Database, registrarHandle: string): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(domains).where(eq(domains.registrarHandle, registrarHandle));
  return row?.n ?? 0;
}

/**
 * A registrar's domains in U-label order, in batches, never the whole result at once.
 * PostgreSQL: one server-side cursor on a pooled connection (one consistent snapshot), released when
 * the iteration ends for any reason. PGlite has no cursor across calls and its COPY buffers the whole
 * file, so it pages by keyset on (registrar_handle, u_label), the unique index the ORDER BY uses.
 */
export function domainBatches(database: Database, registrarHandle: string, batchSize: number): AsyncGenerator<DomainReportRow[]> {
  return database.engine === 'postgres' ? cursorBatches(database.pool, registrarHandle, batchSize) : keysetBatches(database.client, registrarHandle, batchSize);
}

async function* cursorBatches(pool: Extract<Database, { engine: 'postgres' }>['pool'], registrarHandle: string, batchSize: number) {
  const client = await pool.connect();
  const cursor = client.query(new Cursor<DomainReportRow>(`SELECT ${columns} FROM domains WHERE registrar_handle = $1 ORDER BY u_label`, [registrarHandle]));
  let failed = false;
  try {
    for (;;) {
      const rows = await cursor.read(batchSize);
      if (rows.length === 0) return;
      yield rows;
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A connection whose cursor failed or was cut off midway is not handed to the next request.
    await cursor.close().catch(() => (failed = true));
    client.release(failed ? true : undefined);
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
