import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** Runs raw SQL and returns its rows, typed by the caller (node-postgres parses dates and JSON). */
export async function sqlRows<T>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}
