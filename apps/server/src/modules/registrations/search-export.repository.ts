import { PgDialect } from 'drizzle-orm/pg-core';
import type { DomainSearchFilters } from '@registrar-panel/contract';
import type { Database } from '../../db/database';
import { copyCsvRecords, isoTimestampSql } from '../registrar/report.repository';
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
export function searchExportRecords(database: Database, registrarHandle: string, plan: SearchPlan, filters: DomainSearchFilters): AsyncGenerator<Buffer> {
  return copyCsvRecords(database, (escapeLiteral) => withLiterals(exportQuery(registrarHandle, plan, filters, isoTimestampSql), escapeLiteral));
}
