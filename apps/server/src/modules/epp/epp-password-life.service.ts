import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { SignedInUser } from '../../plugins/auth';
import { findEppPasswordAge } from './epp-password-life.repository';

const dayMs = 86_400_000;

/** Whole days from `from` to `now`. */
export function daysSince(from: Date, now: Date): number {
  return Math.floor((now.getTime() - from.getTime()) / dayMs);
}

/** Older than the policy: more than `maxAgeDays` whole days ago (the page's warning and the job's reminder agree). */
export function isTooOld(changedAt: Date, maxAgeDays: number, now: Date): boolean {
  return now.getTime() - changedAt.getTime() > maxAgeDays * dayMs;
}

/** The moment before which a change is too old. */
export function tooOldBefore(maxAgeDays: number, now: Date): Date {
  return new Date(now.getTime() - maxAgeDays * dayMs);
}

/**
 * When the caller's registrar's EPP password was last changed, by whom, and whether it is older than
 * the policy (`EPP_PASSWORD_MAX_AGE_DAYS`). A password without a change time (set before the portal
 * recorded it) has no known age: never too old.
 */
export async function getEppPasswordLife(deps: { db: Db; maxAgeDays: number }, actor: SignedInUser, now: Date = new Date()) {
  const row = await findEppPasswordAge(deps.db, actor.registrarHandle);
  if (!row) throw notFound();
  const changedAt = row.hashSet ? row.changedAt : null;
  return {
    set: row.hashSet,
    changedAt: changedAt?.toISOString() ?? null,
    changedBy: row.hashSet ? row.changedBy : null,
    maxAgeDays: deps.maxAgeDays,
    tooOld: changedAt !== null && isTooOld(changedAt, deps.maxAgeDays, now),
  };
}
