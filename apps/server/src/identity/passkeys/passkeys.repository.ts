import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { passkeyChallenges, passkeys } from '../../db/schema';

/* SQL on `passkeys` and `passkey_challenges` only; what the rows mean is passkeys.ts's. */

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = 'register' | 'authenticate';

/** A new challenge for the user; expired ones of anyone go at the same time, so the table holds only live ones. */
export async function insertChallenge(
  db: Db,
  row: { challenge: string; username: string; purpose: ChallengePurpose; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await db.insert(passkeyChallenges).values(row);
}

/**
 * Takes the challenge if it is the user's, for this purpose and not expired: deleted in the same
 * statement, so of two answers carrying it one gets it and the other finds nothing.
 */
export async function takeChallenge(db: Db, challenge: string, username: string, purpose: ChallengePurpose, now: Date): Promise<boolean> {
  const taken = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.username, username),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return taken.length === 1;
}

/** The user's passkeys, oldest first. */
export async function listPasskeys(db: Db, username: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.username, username)).orderBy(asc(passkeys.createdAt), asc(passkeys.credentialId));
}

/** The passkeys of these users, oldest first, by username. */
export async function listPasskeysOf(db: Db, usernames: readonly string[]): Promise<Map<string, PasskeyRow[]>> {
  const byUser = new Map<string, PasskeyRow[]>();
  if (usernames.length === 0) return byUser;
  const rows = await db
    .select()
    .from(passkeys)
    .where(inArray(passkeys.username, [...usernames]))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.credentialId));
  for (const row of rows) byUser.set(row.username, [...(byUser.get(row.username) ?? []), row]);
  return byUser;
}

/** Removes every passkey of the user; answers how many. */
export async function deleteAllPasskeys(db: Db, username: string): Promise<number> {
  return (await db.delete(passkeys).where(eq(passkeys.username, username)).returning({ id: passkeys.credentialId })).length;
}

export async function hasPasskeys(db: Db, username: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.credentialId }).from(passkeys).where(eq(passkeys.username, username)).limit(1);
  return row !== undefined;
}

/** The user's passkey with this credential id; another user's is none. */
export async function findPasskey(db: Db, username: string, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.username, username), eq(passkeys.credentialId, credentialId)));
  return row;
}

/** False when the credential id is already registered (to anyone). */
export async function insertPasskey(db: Db, row: PasskeyRow): Promise<boolean> {
  const inserted = await db.insert(passkeys).values(row).onConflictDoNothing().returning({ id: passkeys.credentialId });
  return inserted.length === 1;
}

/**
 * The counter and last use after a sign-in, only if the counter is still the one the check read:
 * of two assertions checked side by side against the same counter, one is recorded.
 */
export async function recordPasskeyUse(db: Db, credentialId: string, expectedCounter: number, counter: number, now: Date): Promise<boolean> {
  const updated = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: now })
    .where(and(eq(passkeys.credentialId, credentialId), eq(passkeys.counter, expectedCounter)))
    .returning({ id: passkeys.credentialId });
  return updated.length === 1;
}

export async function renamePasskey(db: Db, username: string, credentialId: string, name: string): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.username, username), eq(passkeys.credentialId, credentialId)))
    .returning();
  return row;
}

/**
 * Removes the user's passkey unless it is their last second factor. The user's row is locked
 * first and the passkeys counted in a later statement, whose snapshot sees a removal that held the
 * lock before (one statement's subqueries would not): two removals side by side cannot leave none.
 */
export async function deletePasskeyUnlessLast(db: Db, username: string, credentialId: string): Promise<'removed' | 'notFound' | 'last'> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ has_totp: boolean }>(
      sql`select (totp_secret_encrypted is not null) as has_totp from users where username = ${username} for update`,
    );
    const user = locked.rows[0];
    if (!user) return 'notFound';
    const counted = await tx.execute<{ passkeys: number; found: boolean }>(sql`
      select count(*)::int as passkeys, coalesce(bool_or(credential_id = ${credentialId}), false) as found
      from passkeys where username = ${username}`);
    const row = counted.rows[0];
    if (!row?.found) return 'notFound';
    if (!user.has_totp && row.passkeys <= 1) return 'last';
    await tx.delete(passkeys).where(and(eq(passkeys.username, username), eq(passkeys.credentialId, credentialId)));
    return 'removed';
  });
}
