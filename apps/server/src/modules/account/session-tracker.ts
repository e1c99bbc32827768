import type { ChangeNotices } from '../../db/change-notices';
import type { Db } from '../../db/database';
import { toldCache } from '../../db/told-cache';
import type { SessionTracker } from '../../plugins/auth';
import { findSession, insertSession, touchSession, userAgentMaxLength } from './sessions.repository';

/**
 * The API's part of My account's sessions (handed to plugins/auth.ts at app.ts): each request of a
 * token naming its session (`sid`) is checked against the session's row, so a session the user
 * ended is refused at its next request on any instance (its access token then fails; the identity
 * service refuses its refresh). The first request writes the row with its user agent and address
 * (the sign-in's, a moment later); later ones mark it seen, at most once a minute per instance.
 * An open session's row is kept in memory while migration 0032's trigger tells this instance of
 * each session ended (db/change-notices.ts): no read per request then, a write at most once a
 * minute per session and instance.
 */
export function accountSessionTracker(db: Db, notices: ChangeNotices, now: () => Date = () => new Date()): SessionTracker {
  const open = toldCache<NonNullable<Awaited<ReturnType<typeof findSession>>>>(notices, 'account_session');
  return async ({ sessionId, username, registrarHandle, request }) => {
    const at = now();
    // Only an open session is kept: an ended one stays ended, and is read again should a token still name it.
    const row = await open.get(
      sessionId,
      () => findSession(db, sessionId),
      (found) => found.endedAt === null,
    );
    if (!row) {
      const userAgent = (request.headers['user-agent'] ?? '').slice(0, userAgentMaxLength);
      await insertSession(db, { sessionId, username, registrarHandle, userAgent, address: request.ip, startedAt: at, lastSeenAt: at });
      // Another request may have written it first, or the session may have been ended meanwhile.
      const written = await open.get(
        sessionId,
        () => findSession(db, sessionId),
        (found) => found.endedAt === null,
      );
      return written?.username === username && written.endedAt === null;
    }
    if (row.endedAt !== null || row.username !== username) return false;
    if (at.getTime() - row.lastSeenAt.getTime() >= 60_000) {
      await touchSession(db, sessionId, at);
      open.set(sessionId, { ...row, lastSeenAt: at });
    }
    return true;
  };
}
