import type { HandledKey } from '@registrar-panel/contract';
import { paths } from '../../lib/paths';
import * as recentSignIn from '../../lib/recent-sign-in';

/** `/users?edit={username}`: the edit dialog of that user, once the sign-in is recent enough. */
export const editParam = 'edit';

/** The refusal both calls of the edit dialog mark for lib/recent-sign-in.ts to answer. */
export const recentSignInRequired = recentSignIn.recentSignInRequired satisfies HandledKey<'updateUser'> satisfies HandledKey<'resetUserTotp'>;

const purposeOf = (username: string) => `users.edit:${username}`;
const editAddress = (username: string) => `${paths.users}?${new URLSearchParams({ [editParam]: username }).toString()}`;

/** Asks the identity service for the password and code again, then comes back to this user's edit dialog. */
export function reauthenticateToEdit(username: string): Promise<void> {
  return recentSignIn.reauthenticateFor(purposeOf(username), editAddress(username));
}

/** Whether this user's edit made its round trip lately: kept until the dialog opens. */
export function reauthenticationAttempted(username: string, nowMs = Date.now()): boolean {
  return recentSignIn.reauthenticationAttempted(purposeOf(username), nowMs);
}

/** The dialog opened: the next edit from the address may go round again. */
export const forgetReauthenticationAttempt = recentSignIn.forgetReauthenticationAttempt;

/** A call on `username` that needs a recent sign-in: refused for an older one, the round trip back to its dialog starts. */
export function needingRecentSignIn<T>(username: string, call: () => Promise<T>): Promise<T> {
  return recentSignIn.needingRecentSignIn(purposeOf(username), editAddress(username), call);
}
