import type { Db } from '../../db/database';
import { subscriberOf } from '../../lib/addresses';
import { everywhere, lockoutAccount, lockWaitsMs } from '../../lib/lockout-policy';
import type { UserRow } from '../directory/directory.repository';
import { clearFailures, countFailure, lockedUntil } from './lockout.repository';
import { verifyPassword } from './passwords';

/**
 * A signed-in user's current password, checked as the sign-in's first step checks it (My account's
 * password change): the same lockout counts, from the caller's address and from everywhere, so a
 * stolen session cannot guess the password faster than the sign-in page can. Not recorded as a
 * sign-in attempt: it is none.
 */
export async function checkCurrentPassword(db: Db, user: UserRow, password: string, ip: string, now: Date): Promise<'ok' | 'wrong' | 'locked'> {
  const account = lockoutAccount(user.username);
  const sources = [subscriberOf(ip), everywhere];
  if (await lockedUntil(db, account, sources, now)) return 'locked';
  if (!(await verifyPassword(user.passwordHash, password))) {
    const fromAddress = await countFailure(db, { account, source: subscriberOf(ip) }, now, lockWaitsMs.fromAddress);
    const fromEverywhere = fromAddress.counted ? await countFailure(db, { account, source: everywhere }, now, lockWaitsMs.everywhere) : undefined;
    return !fromAddress.counted || fromAddress.lockedUntil || fromEverywhere?.lockedUntil ? 'locked' : 'wrong';
  }
  // Parallel wrong guesses may have locked the account while this one was checked.
  return (await clearFailures(db, account, sources, now)) ? 'locked' : 'ok';
}
