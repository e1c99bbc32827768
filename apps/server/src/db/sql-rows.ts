import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './database';

const dialect = new PgDialect();

/**
 * Runs raw SQL and returns its rows, typed by the caller (node-postgres's parsing: timestamps as
 * Dates, bigint as text). On the pool the statement is prepared by name (a hash of its text) on
 * each connection, so PostgreSQL parses and plans each shape of search once per connection instead
 * of once per call; the values stay parameters. For reads on the pool, not inside a transaction.
 */
export async function sqlRows<T>(db: Db, query: SQL, options: { planEachCall?: boolean } = {}): Promise<T[]> {
  const pool = (db as Db & { $client?: pg.Pool }).$client;
  if (!pool) throw new Error('sqlRows reads on the pool, not inside a transaction');
  const { sql: text, params } = dialect.sqlToQuery(query);
  // A prepared statement is planned for its values five times, then PostgreSQL may keep one generic
  // plan for any values. Where the best plan depends on the values (the registrations' past: a period
  // of a day is read through an index and sorted, one of years is walked in name order), the statement
  // is unnamed and each call planned with its own.
  if (options.planEachCall) return (await pool.query<T & pg.QueryResultRow>({ text, values: params })).rows;
  const name = `q_${createHash('sha1').update(text).digest('base64url')}`;
  return (await pool.query<T & pg.QueryResultRow>({ name, text, values: params })).rows;
}
