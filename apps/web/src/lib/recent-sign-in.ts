import type { MessageKey } from '@registrar-panel/contract';
import { ApiError } from './api-client';
import { authSession } from './auth';

/*
 * Changes that need a recent sign-in (a route marked `recentAuthentication`; the server's
 * plugins/recent-authentication.ts): when the server refuses one for an older sign-in, the browser
 * goes to the identity service for the password and code again and comes back to `returnTo`. Each
 * page names what the round trip is for (`purpose`), so that the page it comes back to can tell
 * whether it went round already: no endless round trips when the new sign-in still does not count
 * as recent (a browser clock that is off). User management's edit and My account use it.
 */

/** The server's answer to such a change; the route table marks it on each, so the client leaves it to `needingRecentSignIn`. */
export const recentSignInRequired = 'error.recentSignInRequired' satisfies MessageKey;

/** What the last round trip was for, and when, for this tab only. */
const attemptKey = 'recentSignIn.attempt';
/** How long that round trip counts as the one made for `purpose`. */
const attemptMs = 10 * 60_000;

/** Asks the identity service for the password and code again, then comes back to `returnTo`. */
export async function reauthenticateFor(purpose: string, returnTo: string): Promise<void> {
  sessionStorage.setItem(attemptKey, JSON.stringify({ purpose, at: Date.now() }));
  await authSession.get()?.reauthenticate(returnTo);
}

/** Whether a round trip for `purpose` was made lately (kept until the page forgets it). */
export function reauthenticationAttempted(purpose: string, nowMs = Date.now()): boolean {
  try {
    const attempt = JSON.parse(sessionStorage.getItem(attemptKey) ?? 'null') as { purpose?: unknown; at?: unknown } | null;
    return attempt?.purpose === purpose && typeof attempt.at === 'number' && Math.abs(nowMs - attempt.at) < attemptMs;
  } catch {
    return false;
  }
}

/** The change went ahead: the next one may go round again. */
export function forgetReauthenticationAttempt(): void {
  sessionStorage.removeItem(attemptKey);
}

/**
 * A call that needs a recent sign-in: when the server refuses it for an older one, the
 * re-authentication starts (back to `returnTo`) instead of an error alert. The call still fails,
 * without messages, so the page shows nothing more while the browser leaves.
 */
export async function needingRecentSignIn<T>(purpose: string, returnTo: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.has(recentSignInRequired)) {
      await reauthenticateFor(purpose, returnTo);
      throw new ApiError(error.status, []);
    }
    throw error;
  }
}
