import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { neutraliseFormulaSql } from '../../lib/csv';
import { copyCsvRecords, isoTimestampSql } from '../registrar/report.repository';
import { changesSql, portfolioExportQuery, type PortfolioQuery } from './registration-history.repository';

/*
 * The past's files, written as the domain report is: PostgreSQL's COPY … TO STDOUT formats, quotes
 * and neutralises every value, the server passes the bytes on (report.repository.ts). COPY takes no
 * parameters, so each becomes a literal quoted by the driver; they are the registrar, instants,
 * name patterns and a registrant handle, all text.
 */

const dialect = new PgDialect();

function withLiterals(query: SQL, quote: (value: string) => string): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => quote(String(params[Number(n) - 1])));
}

const text = (expression: string) => neutraliseFormulaSql(`nullif(${expression}, '')`);

/** The portfolio file's SELECT with its values quoted by `quote` (also `npm run bench:history`'s `psql \\copy` floor). */
export function portfolioCopySql(query: PortfolioQuery, quote: (value: string) => string): string {
  return withLiterals(portfolioExportQuery(query, text, isoTimestampSql), quote);
}

/** The portfolio at the instant in the domain report's columns, in name order. */
export function portfolioRecords(database: Database, query: PortfolioQuery): AsyncGenerator<Buffer> {
  return copyCsvRecords(database, (quote) => portfolioCopySql(query, quote));
}

/** The changes file's lines: an addition or removal as one line with its cause, a change as one line per field that differs. */
function changeLinesSql(registrarHandle: string, from: Date, to: Date): SQL {
  return sql`WITH c AS (${changesSql(registrarHandle, from, to)})
    SELECT name, kind, cause, field, before, after FROM (
      SELECT c.name, c.kind, c.cause, NULL::text AS field, NULL::text AS before, NULL::text AS after FROM c WHERE c.kind <> 'changed'
      UNION ALL
      SELECT c.name, c.kind, NULL, f.key, c.before->>f.key, c.after->>f.key FROM c CROSS JOIN LATERAL jsonb_object_keys(c.before) f(key) WHERE c.kind = 'changed'
    ) lines ORDER BY name, kind, field`;
}

/** The changes file's SELECT with its values quoted by `quote` (also `npm run bench:history`'s floor). */
export function changesCopySql(registrarHandle: string, from: Date, to: Date, quote: (value: string) => string): string {
  const select = sql`SELECT ${sql.raw(text('name'))}, kind, cause, field, ${sql.raw(text('before'))}, ${sql.raw(text('after'))}
                       FROM (${changeLinesSql(registrarHandle, from, to)}) l`;
  return withLiterals(select, quote);
}

export function changeRecords(database: Database, registrarHandle: string, from: Date, to: Date): AsyncGenerator<Buffer> {
  return copyCsvRecords(database, (quote) => changesCopySql(registrarHandle, from, to, quote));
}
