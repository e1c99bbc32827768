import { sql } from 'drizzle-orm';
import type { Db } from './database';
import { ensureMonthlyPartitions, type MonthlyPartitionedTable } from './monthly-partitions';

/*
 * A writer of a partitioned table inside someone else's transaction (the event stream, written in
 * the transaction of the change it records) cannot make the month's partition beforehand. The
 * retention job makes the coming months ahead and at every start, so a missing month should never
 * be met; if it is (a job that did not run for two months, a database copied from an old template),
 * the insert is tried in a savepoint, and on PostgreSQL's "no partition for row" the month is made in
 * this transaction (under the partitions' lock) and the insert tried once more, rather than the
 * user's change refused.
 */

const noPartition = '23514';

function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  // Drizzle wraps the driver's error: its code is on the cause.
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** `at`: the instant the row is written at, when the writer gives one; the database's `now()` otherwise. */
export async function intoMonthlyPartition<T>(tx: Db, table: MonthlyPartitionedTable, insert: (tx: Db) => Promise<T>, at?: Date): Promise<T> {
  try {
    return await tx.transaction(insert);
  } catch (error) {
    if (codeOf(error) !== noPartition) throw error;
    const [row] = at ? [] : (await tx.execute<{ now: string }>(sql`SELECT now()::text AS now`)).rows;
    const now = at ?? new Date(row?.now ?? Date.now());
    await ensureMonthlyPartitions(tx, table, now, now);
    return tx.transaction(insert);
  }
}
