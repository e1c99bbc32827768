import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { intoMonthlyPartition } from '../../db/into-monthly-partition';
import { registrars, signInAttempts, signInTrail, users, userTokens } from '../../db/schema';

/* SQL of the embedded user directory; no decisions here. */

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserRow(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row;
}

/**
 * The user a lower-cased typed username (`lockoutAccount`) means. Only the stored usernames are
 * lower-cased here, by the column's "C" collation (ASCII letters only, as usernames are): lowering
 * the typed text in SQL too would follow the server's locale, which on some servers makes 'İ' an
 * 'i', so a name the lockout counts as unknown would find a real account.
 */
export async function findUserRowForSignIn(db: Db, canonical: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${canonical}`);
  return row;
}

/** Of these usernames, the existing users and whether each has a TOTP secret. */
export async function totpOfUsers(db: Db, usernames: readonly string[]): Promise<{ username: string; totp: boolean }[]> {
  if (usernames.length === 0) return [];
  return db
    .select({ username: users.username, totp: sql<boolean>`${users.totpSecretEncrypted} is not null` })
    .from(users)
    .where(inArray(users.username, [...usernames]));
}

export async function findUserRowById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!uuidPattern.test(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Subject ids are UUIDs; anything else names no account (and must not reach a uuid comparison). */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const usersOfRegistrar = preparedQuery((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.registrarHandle, sql.placeholder('registrarHandle')))
    .orderBy(users.username)
    .prepare('users_of_registrar'),
);

export async function listUserRows(db: Db, registrarHandle: string): Promise<UserRow[]> {
  return usersOfRegistrar(db).execute({ registrarHandle });
}

/** A passkey as `usersWithPasskeysOfRegistrar` reads it: instants in milliseconds since the epoch. */
interface PasskeyJson {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

const usersWithPasskeysOfRegistrar = preparedQuery((db) =>
  db
    .select({
      user: users,
      // Written out: Drizzle leaves a column of the selected table unqualified inside a select's SQL,
      // which in this subquery would name the passkey's own username. Instants in whole milliseconds,
      // as node-postgres reads a timestamptz.
      passkeys: sql<PasskeyJson[]>`coalesce((
        SELECT json_agg(json_build_object('id', p.credential_id, 'name', p.name,
                                          'createdAt', floor(extract(epoch FROM p.created_at) * 1000),
                                          'lastUsedAt', floor(extract(epoch FROM p.last_used_at) * 1000))
                        ORDER BY p.created_at, p.credential_id)
          FROM passkeys p WHERE p.username = users.username), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.registrarHandle, sql.placeholder('registrarHandle')))
    .orderBy(users.username)
    .prepare('users_with_passkeys_of_registrar'),
);

/**
 * The registrar's users, each with their passkeys (oldest first), in one statement: the users list
 * is read on every visit of its page, and was three statements (users, TOTP, passkeys) before.
 */
export async function listUserRowsWithPasskeys(
  db: Db,
  registrarHandle: string,
): Promise<{ user: UserRow; passkeys: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }[] }[]> {
  const rows = await usersWithPasskeysOfRegistrar(db).execute({ registrarHandle });
  return rows.map(({ user, passkeys: keys }) => ({
    user,
    passkeys: keys.map((key) => ({ ...key, createdAt: new Date(key.createdAt), lastUsedAt: key.lastUsedAt === null ? null : new Date(key.lastUsedAt) })),
  }));
}

/** Inserts the user; answers false when the username exists already, in any letter case. */
export async function insertUserRow(db: Db, row: NewUserRow): Promise<boolean> {
  const inserted = await db.insert(users).values(row).onConflictDoNothing().returning({ username: users.username });
  return inserted.length > 0;
}

export async function updateUserRow(db: Db, username: string, changes: Partial<NewUserRow>): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.username, username))
    .returning({ username: users.username });
  return updated.length > 0;
}

/** Disables the enabled users whose access end day is before `today`; answers them. */
export async function disableUsersWithEndedAccess(db: Db, today: string, now: Date): Promise<{ username: string; id: string }[]> {
  return db
    .update(users)
    .set({ disabledAt: now, updatedAt: now })
    .where(and(isNotNull(users.accessEnd), lt(users.accessEnd, today), isNull(users.disabledAt)))
    .returning({ username: users.username, id: users.id });
}

export async function deleteUserRow(db: Db, username: string): Promise<void> {
  await db.delete(users).where(eq(users.username, username));
}

/**
 * Takes TOTP time step `step` for the user if it is newer than the last accepted one. Done in one
 * statement, so two requests with the same code cannot both succeed.
 */
export async function claimTotpStep(db: Db, username: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.username, username), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ username: users.username });
  return claimed.length > 0;
}

/** The longest text of an address (an IPv4-mapped IPv6 address): what an attempt keeps of its address at most. */
const addressMaxLength = 45;

/**
 * Records a sign-in attempt: the account's username, or `@handle` (`@` alone) for a name that is
 * no account (sign-in.service.ts `recordedName`): nothing typed is kept beyond that. The address is
 * cut to the longest an address can be.
 */
export async function insertSignInAttempt(db: Db, attempt: { username: string; ip: string | null; outcome: string; at?: Date }): Promise<void> {
  const row = { ...attempt, ip: attempt.ip?.slice(0, addressMaxLength) ?? null };
  await intoMonthlyPartition(db, 'sign_in_attempts', (savepoint) => savepoint.insert(signInAttempts).values(row), attempt.at);
}

/** A registrar's handle as stored, found in any letter case. */
export async function findRegistrarHandle(db: Db, handle: string): Promise<string | undefined> {
  const [row] = await db
    .select({ handle: registrars.handle })
    .from(registrars)
    .where(sql`lower(${registrars.handle}) = lower(${handle})`)
    .limit(1);
  return row?.handle;
}

export async function latestSignInAttempts(db: Db, username: string, limit: number) {
  return db
    .select({ at: signInTrail.at, ip: signInTrail.ip, outcome: signInTrail.outcome })
    .from(signInTrail)
    .where(eq(signInTrail.username, username))
    .orderBy(desc(signInTrail.at), desc(signInTrail.id))
    .limit(limit);
}

/** Whether the user ever signed in successfully (from this IP address, when one is given). */
export async function hasSignedIn(db: Db, username: string, fromIp?: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(signInTrail)
    .where(and(eq(signInTrail.username, username), eq(signInTrail.outcome, 'success'), fromIp === undefined ? undefined : eq(signInTrail.ip, fromIp)))
    .limit(1);
  return row !== undefined;
}

/** A new single-use link token; earlier unused links of the same purpose stop working. */
export async function insertUserToken(db: Db, token: { tokenHash: string; username: string; purpose: string; expiresAt: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.username, token.username), eq(userTokens.purpose, token.purpose), isNull(userTokens.usedAt)));
    await tx.insert(userTokens).values(token);
  });
}

/** The username of an unused, unexpired link token, without using it. */
export async function findUsableUserToken(db: Db, tokenHash: string, now: Date): Promise<{ username: string; purpose: string } | undefined> {
  const [row] = await db
    .select({ username: userTokens.username, purpose: userTokens.purpose })
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, tokenHash), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)));
  return row;
}

/** Uses a link token; answers its username, or nothing when it was used, expired or never existed. */
export async function consumeUserToken(db: Db, tokenHash: string, now: Date): Promise<{ username: string; purpose: string } | undefined> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.tokenHash, tokenHash), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)))
    .returning({ username: userTokens.username, purpose: userTokens.purpose });
  return row;
}

/**
 * Keycloak mode: which of these Keycloak sessions the API refused because their registrar may not
 * sign in (recorded by `insertSessionSignIn` as `registrarBlocked`). By the session index.
 */
export async function refusedSessionIds(db: Db, sessionIds: readonly string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const result = await db.execute<{ session_id: string }>(sql`SELECT session_id FROM sign_in_trail
    WHERE session_id IN (${sql.join(
      sessionIds.map((id) => sql`${id}`),
      sql`, `,
    )}) AND outcome = 'registrarBlocked'`);
  return new Set(result.rows.map((row) => row.session_id));
}
