import { AppError } from '../errors';
import type { SignedInUser } from './auth';

/**
 * Whether the caller signed in (password and 2-step code, at the identity service) at most
 * `windowSeconds` ago, as the token's `auth_time` says. A token without one (an API key, or an
 * identity service that does not say) never counts as recent; a time ahead of ours is taken as now.
 */
export function signedInRecently(user: Pick<SignedInUser, 'authTime' | 'apiKey'>, windowSeconds: number, nowMs = Date.now()): boolean {
  if (user.apiKey || user.authTime === undefined) return false;
  return nowMs / 1000 - user.authTime <= windowSeconds;
}

/**
 * The recent-authentication step of the API's routes (plugins/api-routes.ts): a route whose table
 * entry says `recentAuthentication` answers 403 `error.recentSignInRequired` before the body is read
 * or any service runs, unless the caller signed in within the window (RECENT_AUTHENTICATION_MINUTES).
 * Someone who finds an ADMIN's session open (a shared screen, a stolen refresh token) cannot change
 * where another user's mail goes or reset their 2-step verification without the ADMIN's password and code.
 */
export function requireRecentAuthentication(user: SignedInUser, windowSeconds: number): void {
  if (!signedInRecently(user, windowSeconds)) throw AppError.of(403, 'error.recentSignInRequired');
}
