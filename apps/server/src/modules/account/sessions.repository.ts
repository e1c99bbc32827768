import { and, desc, eq, gt, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { accountSessions } from '../../db/schema';
import { sessionPolicy } from '../../lib/session-policy';

/* SQL on `account_sessions` only; what a row means is session-tracker.ts's and account.service.ts's. */

export type AccountSessionRow = typeof accountSessions.$inferSelect;

/** A user agent is kept to this many characters: enough for any real browser's, bounded for any other. */
export const userAgentMaxLength = 512;

const secondsBefore = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/** The session's row (ended or not), by its id. */
export async function findSession(db: Db, sessionId: string): Promise<Pick<AccountSessionRow, 'username' | 'lastSeenAt' | 'endedAt'> | undefined> {
  const [row] = await db
    .select({ username: accountSessions.username, lastSeenAt: accountSessions.lastSeenAt, endedAt: accountSessions.endedAt })
    .from(accountSessions)
    .where(eq(accountSessions.sessionId, sessionId));
  return row;
}

/**
 * A session's first request: its row, unless another request wrote it first. Rows older than a
 * session's longest life go at the same time, so the table holds about the open sessions.
 */
export async function insertSession(db: Db, row: Omit<AccountSessionRow, 'endedAt'>): Promise<void> {
  await db.insert(accountSessions).values(row).onConflictDoNothing();
  await db.delete(accountSessions).where(lt(accountSessions.startedAt, secondsBefore(row.startedAt, sessionPolicy.maxSeconds + 60)));
}

/** Last seen `now`, unless it was seen within the minute already (at most one write a minute per session). */
export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(accountSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(accountSessions.sessionId, sessionId), lte(accountSessions.lastSeenAt, secondsBefore(now, 60)), isNull(accountSessions.endedAt)));
}

/** The user's sessions that may still be open: not ended, used within the idle time, younger than the longest life. */
export async function listOpenSessions(db: Db, username: string, now: Date): Promise<AccountSessionRow[]> {
  return db
    .select()
    .from(accountSessions)
    .where(
      and(
        eq(accountSessions.username, username),
        isNull(accountSessions.endedAt),
        gt(accountSessions.lastSeenAt, secondsBefore(now, sessionPolicy.idleSeconds)),
        gt(accountSessions.startedAt, secondsBefore(now, sessionPolicy.maxSeconds)),
      ),
    )
    .orderBy(desc(accountSessions.lastSeenAt))
    .limit(100);
}

/**
 * Marks the user's session ended, once: the row as it was, or undefined when it is not the user's,
 * or ended already (a second request for the same session finds nothing to end).
 */
export async function claimSessionEnd(db: Db, username: string, sessionId: string, now: Date): Promise<AccountSessionRow | undefined> {
  const [row] = await db
    .update(accountSessions)
    .set({ endedAt: now })
    .where(and(eq(accountSessions.sessionId, sessionId), eq(accountSessions.username, username), isNull(accountSessions.endedAt)))
    .returning();
  return row;
}

/** Marks every session of the user but `keep` ended; answers the ids it ended. */
export async function claimOtherSessionsEnd(db: Db, username: string, keep: string | null, now: Date): Promise<string[]> {
  const rows = await db
    .update(accountSessions)
    .set({ endedAt: now })
    .where(and(eq(accountSessions.username, username), isNull(accountSessions.endedAt), keep === null ? undefined : ne(accountSessions.sessionId, keep)))
    .returning({ sessionId: accountSessions.sessionId });
  return rows.map((row) => row.sessionId);
}

/**
 * Sessions the identity service ended that had made no API request yet: rows marked ended, so that
 * an access token they were given is refused at its first request too.
 */
export async function recordEndedSessions(
  db: Db,
  user: { username: string; registrarHandle: string },
  sessionIds: readonly string[],
  now: Date,
): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .insert(accountSessions)
    .values(
      sessionIds.map((sessionId) => ({
        sessionId,
        username: user.username,
        registrarHandle: user.registrarHandle,
        userAgent: '',
        address: '',
        startedAt: now,
        lastSeenAt: now,
        endedAt: now,
      })),
    )
    .onConflictDoUpdate({ target: accountSessions.sessionId, set: { endedAt: sql`coalesce(${accountSessions.endedAt}, excluded.ended_at)` } });
}
