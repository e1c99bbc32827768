import type { PanelRole } from '@registrar-panel/contract';
import { createStore, useStore } from './store';

/** The signed-in user as the token describes them. */
export interface CurrentUser {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  registrarHandle: string;
  roles: PanelRole[];
  /**
   * The language the user chose, as the server keeps it (the token's `locale`), read at a sign-in
   * that has just happened only (lib/oidc.ts); it then overrules this browser's (lib/language.ts).
   * Absent when the user never chose one, and for a session taken up again after a reload.
   */
  preferredLanguage?: string;
}

/**
 * The boundary between the app and the identity service. The OpenID Connect implementation
 * (lib/oidc.ts) installs itself here at start-up; everything else only uses these functions.
 */
export interface AuthSession {
  user: CurrentUser;
  /** A token valid for at least 20 more seconds, refreshed first if needed. */
  getAccessToken(): Promise<string | undefined>;
  /** The session has ended: sign in again and come back to the current page. */
  signInAgain(): Promise<void>;
  /** When the user last gave their password and code (the token's `auth_time`, seconds), if the token says. */
  signedInAt(): number | undefined;
  /**
   * Asks the identity service for the password and code again (`max_age=0`, even with its session
   * open), then comes back to `returnTo`; before a change that needs a recent sign-in.
   */
  reauthenticate(returnTo: string, options?: { action?: IdentityServiceAction }): Promise<void>;
  logout(): Promise<void>;
}

/**
 * A page of Keycloak's own where a signed-in user changes a credential, asked for with
 * `kc_action` (an application-initiated action) after the password and code again: My account's
 * password, authenticator and new passkeys when Keycloak holds them (docs/decisions.md).
 */
export type IdentityServiceAction = 'UPDATE_PASSWORD' | 'CONFIGURE_TOTP' | 'webauthn-register';

export const authSession = createStore<AuthSession | null>(null);

export function useCurrentUser(): CurrentUser | null {
  return useStore(authSession)?.user ?? null;
}

/**
 * What must be left of the recent-sign-in window when a dialog that needs it opens: 5 minutes, or a
 * third of a window shorter than 15 minutes. The changes in the dialog (an update, a TOTP reset in two
 * clicks) then reach the server while it still takes them (docs/decisions.md).
 */
export function recentSignInMarginSeconds(windowSeconds: number): number {
  return Math.min(5 * 60, windowSeconds / 3);
}

/**
 * Whether the user signed in recently enough to open a dialog whose changes need a recent sign-in:
 * within `windowSeconds` (the server checks that on the routes that need it,
 * plugins/recent-authentication.ts) with the margin above still to go.
 */
export function signedInRecently(windowSeconds: number, nowMs = Date.now()): boolean {
  const at = authSession.get()?.signedInAt();
  return at !== undefined && nowMs / 1000 - at <= windowSeconds - recentSignInMarginSeconds(windowSeconds);
}

export async function getAccessToken(): Promise<string | undefined> {
  return authSession.get()?.getAccessToken();
}
