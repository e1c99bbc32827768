import type { HandledKey } from '@registrar-panel/contract';
import { ApiError } from '../../lib/api-client';
import { authSession } from '../../lib/auth';
import { paths } from '../../lib/paths';

/** `/users?edit={username}`: the edit dialog of that user, once the sign-in is recent enough. */
export const editParam = 'edit';

/**
 * The server's answer to a change that needs a recent sign-in (plugins/recent-authentication.ts); the
 * route table marks it on both calls, so the client leaves it to `needingRecentSignIn`.
 */
export const recentSignInRequired = 'error.recentSignInRequired' satisfies HandledKey<'updateUser'> satisfies HandledKey<'resetUserTotp'>;

/** The user whose edit sent the browser to the identity service, and when, for this tab only. */
const attemptKey = 'users.editReauthentication';
/** How long that round trip counts as the one made for an edit from the address. */
const attemptMs = 10 * 60_000;

/**
 * Asks the identity service for the password and code again, then comes back to this user's
 * edit dialog. Remembered, so that the page it comes back to does not send the user again if
 * the sign-in still does not count as recent (a browser clock that is off): no endless round trips.
 */
export async function reauthenticateToEdit(username: string): Promise<void> {
  sessionStorage.setItem(attemptKey, JSON.stringify({ username, at: Date.now() }));
  await authSession.get()?.reauthenticate(`${paths.users}?${new URLSearchParams({ [editParam]: username }).toString()}`);
}

/**
 * Whether this user's edit made its round trip to the identity service lately. Kept until the
 * dialog opens, so that the page mounting again on the same address does not go round again.
 */
export function reauthenticationAttempted(username: string, nowMs = Date.now()): boolean {
  try {
    const attempt = JSON.parse(sessionStorage.getItem(attemptKey) ?? 'null') as { username?: unknown; at?: unknown } | null;
    return attempt?.username === username && typeof attempt.at === 'number' && Math.abs(nowMs - attempt.at) < attemptMs;
  } catch {
    return false;
  }
}

/** The dialog opened: the next edit from the address may go round again. */
export function forgetReauthenticationAttempt(): void {
  sessionStorage.removeItem(attemptKey);
}

/**
 * A call on `username` that needs a recent sign-in: when the server refuses it for an older one,
 * the re-authentication starts (back to the user's dialog) instead of an error alert. The call
 * still fails, without messages, so the dialog shows nothing more while the browser leaves.
 */
export async function needingRecentSignIn<T>(username: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.has(recentSignInRequired)) {
      await reauthenticateToEdit(username);
      throw new ApiError(error.status, []);
    }
    throw error;
  }
}
