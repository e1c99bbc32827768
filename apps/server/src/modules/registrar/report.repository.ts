import { count, eq } from 'drizzle-orm';
import { to as copyTo, type CopyToStreamQuery } from 'pg-copy-streams';
import type { Database } from '../../db/database';
import { domains } from '../../db/schema';
import { crlfRecords, neutraliseFormulaSql } from '../../lib/csv';

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

export async function countDomains(database: Database, registrarHandle: string): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(domains).where(eq(domains.registrarHandle, registrarHandle));
  return row?.n ?? 0;
}

/**
 * The report's query: U-label, A-label, registrant, created, expires, in U-label order, every value
 * text as the file shows it (formulas neutralised, empty text as NULL so COPY writes no `""`).
 * The registrar is an SQL literal: COPY takes no parameters. Run under `brusselsSessionSql`.
 */
export function domainReportSql(registrarLiteral: string): string {
  const text = (column: string) => neutraliseFormulaSql(`nullif(${column}, '')`);
  return `SELECT ${text('u_label')}, ${text('a_label')}, ${text('registrant_handle')}, ${isoTimestampSql('created_at')}, ${isoTimestampSql('expires_at')}
            FROM domains WHERE registrar_handle = ${registrarLiteral} ORDER BY u_label`;
}

/**
 * The parallel workers a file's statement may use; the portal's short reads run without parallel
 * query (database.ts). A file reads a registrar's rows in an order: without workers PostgreSQL walks
 * an index and fetches each row from a random heap page (the domain report of a 2,000,000-domain
 * registrar among 10,000,000: 17.5 s in `EXPLAIN ANALYZE`, 1.8 million buffers read); with two it
 * scans the table in parallel and sorts (5.9 s), as `psql \copy` does. The past's files sort up to
 * a million versions the same way (6.2 s alone, 3.1 to 3.8 s with two; `npm run bench:history`).
 * A download is rare and long; two workers are what `psql` would use.
 */
const fileWorkers = 2;

/**
 * The rows of a SELECT as CSV records, written by PostgreSQL itself: COPY … TO STDOUT formats, quotes
 * and neutralises every value in C, in the database's process, and the server only passes the bytes
 * on (LF record ends made CRLF). One read-only transaction (one snapshot, Brussels times) on a pooled
 * connection; `select` builds the statement with the connection's literal escaping. When the reader
 * goes away mid-file, the connection is closed rather than returned mid-COPY, which ends the query.
 * The domain report, the search export and the past's files all stream this way, each statement
 * with `fileWorkers` parallel workers.
 */
export async function* copyCsvRecords(database: Database, select: (escapeLiteral: (value: string) => string) => string): AsyncGenerator<Buffer> {
  const client = await database.pool.connect();
  let finished = false;
  let copy: CopyToStreamQuery | undefined;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(brusselsSessionSql);
    await client.query(`SET LOCAL max_parallel_workers_per_gather = ${fileWorkers}`);
    copy = client.query(copyTo(`COPY (${select((value) => client.escapeLiteral(value))}) TO STDOUT WITH (FORMAT csv)`));
    for await (const chunk of copy.pipe(crlfRecords())) yield chunk as Buffer;
    await client.query('COMMIT');
    finished = true;
  } finally {
    // Closing the connection mid-COPY fails the COPY: expected, and nobody reads it any more.
    copy?.on('error', () => undefined);
    client.release(finished ? undefined : true);
  }
}

export function domainReportRecords(database: Database, registrarHandle: string): AsyncGenerator<Buffer> {
  return copyCsvRecords(database, (escapeLiteral) => domainReportSql(escapeLiteral(registrarHandle)));
}
