import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { signInLockouts } from '../../db/schema';

/* SQL of the sign-in lockout; the policy (how long, after how many failures, where) is lockout.ts's. */

/** One count of the lockout: an account name, and the address it counts (or '*' for everywhere). */
export interface LockoutKey {
  account: string;
  source: string;
}

/** The latest end of a lock in force at `now` among `sources` of the account. */
export async function lockedUntil(db: Db, account: string, sources: readonly string[], now: Date): Promise<Date | undefined> {
  const rows = await db
    .select({ lockedUntil: signInLockouts.lockedUntil })
    .from(signInLockouts)
    .where(and(eq(signInLockouts.account, account), inArray(signInLockouts.source, [...sources]), gt(signInLockouts.lockedUntil, now)));
  return rows.reduce<Date | undefined>((latest, row) => (row.lockedUntil && (!latest || row.lockedUntil > latest) ? row.lockedUntil : latest), undefined);
}

/**
 * Counts one failure in one statement, unless this count is locked at `now` (a refusal during a
 * wait does not extend it). Parallel failures queue on the row, so the fifth of fifty at once
 * locks and the other forty-five find it locked. `waitsMs[n - 1]` is the wait after the n-th
 * consecutive failure (the last entry for any further one).
 *
 * Answers whether this failure was counted, and the end of this count's lock if one is in force.
 */
export async function countFailure(
  db: Db,
  key: LockoutKey,
  now: Date,
  waitsMs: readonly number[],
): Promise<{ counted: boolean; lockedUntil: Date | undefined }> {
  const waits = sql`${`{${waitsMs.join(',')}}`}::int[]`;
  const failures = sql`(${signInLockouts.failedAttempts} + 1)`;
  const wait = sql`(${waits})[least(${failures}, cardinality(${waits}))]`;
  const counted = await db
    .insert(signInLockouts)
    .values({
      ...key,
      failedAttempts: 1,
      lockedUntil: sql`case when (${waits})[1] > 0 then ${now}::timestamptz + (${waits})[1] * interval '1 millisecond' end`,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [signInLockouts.account, signInLockouts.source],
      set: {
        failedAttempts: failures,
        lockedUntil: sql`case when ${wait} > 0 then ${now}::timestamptz + ${wait} * interval '1 millisecond' else ${signInLockouts.lockedUntil} end`,
        updatedAt: now,
      },
      setWhere: sql`${signInLockouts.lockedUntil} is null or ${signInLockouts.lockedUntil} <= ${now}`,
    })
    .returning({ lockedUntil: signInLockouts.lockedUntil });
  if (counted.length > 0) {
    const until = counted[0]?.lockedUntil ?? undefined;
    return { counted: true, lockedUntil: until && until > now ? until : undefined };
  }
  return { counted: false, lockedUntil: await lockedUntil(db, key.account, [key.source], now) };
}

/** A success clears the counts of `sources`, unless one of them is locked at `now` (then: false). */
export async function clearFailures(db: Db, account: string, sources: readonly string[], now: Date): Promise<boolean> {
  const cleared = await db.execute(sql`
    with locked as (
      select 1 from ${signInLockouts}
      where ${signInLockouts.account} = ${account} and ${inArray(signInLockouts.source, [...sources])} and ${signInLockouts.lockedUntil} > ${now}
    )
    delete from ${signInLockouts}
    where ${signInLockouts.account} = ${account} and ${inArray(signInLockouts.source, [...sources])} and not exists (select 1 from locked)
    returning 1`);
  if (cleared.rows.length > 0) return true;
  return !(await lockedUntil(db, account, sources, now));
}

/** Lifts every lock of the account, from every address (a password set through a reset link). */
export async function liftLocks(db: Db, account: string): Promise<void> {
  await db.delete(signInLockouts).where(eq(signInLockouts.account, account));
}
