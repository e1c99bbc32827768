import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** Runs raw SQL and returns its rows; both drivers (node-postgres and PGlite) answer with `rows`. */
export async function sqlRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
