import { and, eq, gt, inArray, max, sql } from 'drizzle-orm';
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
  const [row] = await db
    .select({ until: max(signInLockouts.lockedUntil) })
    .from(signInLockouts)
    .where(and(eq(signInLockouts.account, account), inArray(signInLockouts.source, [...sources]), gt(signInLockouts.lockedUntil, now)));
  return row?.until ?? undefined;
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

/**
 * A success clears the counts of `sources`, in one statement, unless one of them is locked at
 * `now`: then nothing is cleared and the lock's end is the answer.
 */
export async function clearFailures(db: Db, account: string, sources: readonly string[], now: Date): Promise<Date | undefined> {
  const ofSources = and(eq(signInLockouts.account, account), inArray(signInLockouts.source, [...sources]));
  const cleared = await db.execute(sql`
    delete from ${signInLockouts}
    where ${ofSources} and not exists (select 1 from ${signInLockouts} where ${ofSources} and ${signInLockouts.lockedUntil} > ${now})
    returning 1`);
  return cleared.rows.length > 0 ? undefined : lockedUntil(db, account, sources, now);
}

/** Lifts every lock of the account, from every address (a password set through a reset link). */
export async function liftLocks(db: Db, account: string): Promise<void> {
  await db.delete(signInLockouts).where(eq(signInLockouts.account, account));
}
