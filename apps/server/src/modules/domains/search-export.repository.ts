import { PgDialect } from 'drizzle-orm/pg-core';
import { to as copyTo, type CopyToStreamQuery } from 'pg-copy-streams';
import type { DomainSearchFilters } from '@registrar-panel/contract';
import type { Database } from '../../db/database';
import { crlfRecords } from '../../lib/csv';
import { brusselsSessionSql, isoTimestampSql } from '../registrar/report.repository';
import { exportQuery } from './filtered-search.repository';
import type { SearchPlan } from './search-pattern';

const dialect = new PgDialect();

/**
 * The export's statement as text for COPY, which takes no parameters: each parameter becomes a
 * literal quoted by the driver. The values are the registrar, name patterns and the registrant,
 * all text; nothing else in the statement looks like `$n`.
 */
function withLiterals(query: ReturnType<typeof exportQuery>, quote: (value: string) => string): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => quote(String(params[Number(n) - 1])));
}

/**
 * Every match of the name and the filters, in name order, as CSV records in the domain report's
 * columns and formats (`domainReportHeader`; timestamps ISO 8601 with the Brussels offset). Written
 * as the report is: PostgreSQL's COPY … TO STDOUT formats, quotes and neutralises every value (the
 * CSV writer's SQL side, lib/csv.ts), the server passes the bytes on with CRLF record ends. One
 * read-only transaction (one snapshot); a reader that goes away mid-file closes the connection.
 */
export async function* searchExportRecords(
  database: Database,
  registrarHandle: string,
  plan: SearchPlan,
  filters: DomainSearchFilters,
): AsyncGenerator<Buffer> {
  const client = await database.pool.connect();
  let finished = false;
  let copy: CopyToStreamQuery | undefined;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(brusselsSessionSql);
    const query = withLiterals(exportQuery(registrarHandle, plan, filters, isoTimestampSql), (value) => client.escapeLiteral(value));
    copy = client.query(copyTo(`COPY (${query}) TO STDOUT WITH (FORMAT csv)`));
    for await (const chunk of copy.pipe(crlfRecords())) yield chunk as Buffer;
    await client.query('COMMIT');
    finished = true;
  } finally {
    // Closing the connection mid-COPY fails the COPY: expected, and nobody reads it any more.
    copy?.on('error', () => undefined);
    client.release(finished ? undefined : true);
  }
}
