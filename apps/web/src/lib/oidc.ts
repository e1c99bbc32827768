import { panelRolesFromToken, registrarHandleOf } from '@registrar-panel/contract';
import type { User, UserManager } from 'oidc-client-ts';
import { authSession, type AuthSession, type CurrentUser } from './auth';
import { signIn, uiLocales, type ReturnState } from './oidc-client';
import { herePath, isCallback } from './sign-in-address';

/** A token with less validity than this is refreshed before a call (spec section 9). */
const minValiditySeconds = 20;

interface AccessTokenClaims {
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  realm_access?: { roles?: string[] };
  auth_time?: number;
  /** The language the user chose, when they chose one (Keycloak's `locale`; the embedded service's the same). */
  locale?: string;
}

/** The claims of a JWT, without verifying it: the server does that; the app only shows names. */
function claimsOf(token: string): AccessTokenClaims {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as AccessTokenClaims;
  } catch {
    return {};
  }
}

function currentUserOf(user: User): CurrentUser {
  const claims = claimsOf(user.access_token);
  const username = claims.preferred_username ?? String(user.profile.preferred_username ?? '');
  return {
    username,
    firstName: claims.given_name ?? String(user.profile.given_name ?? ''),
    lastName: claims.family_name ?? String(user.profile.family_name ?? ''),
    email: claims.email ?? String(user.profile.email ?? ''),
    registrarHandle: registrarHandleOf(username),
    roles: panelRolesFromToken(claims.realm_access?.roles ?? []),
  };
}

/**
 * Replaces the callback address (code and state) with the page the user was going to. The app
 * renders after this (app/start.tsx), so its router starts at that page.
 */
function returnTo(path: string): void {
  window.history.replaceState(window.history.state, '', path);
}

/** The user itself while its token has 20 s left; otherwise refreshed; null when the session has ended. */
async function fresh(manager: UserManager, user: User): Promise<User | null> {
  if ((user.expires_in ?? 0) >= minValiditySeconds) return user;
  if (!user.refresh_token) return null;
  try {
    return await manager.signinSilent();
  } catch {
    return null;
  }
}

/** Back from the sign-in page (code in the address), or a session kept in this tab. */
async function initialUser(manager: UserManager): Promise<{ user: User; signedInNow: boolean } | null> {
  if (!isCallback()) {
    const stored = await manager.getUser();
    const user = stored ? await fresh(manager, stored) : null;
    return user ? { user, signedInNow: false } : null;
  }
  try {
    const user = await manager.signinRedirectCallback();
    returnTo((user.state as ReturnState | undefined)?.returnTo ?? '/');
    return { user, signedInNow: true };
  } catch (error) {
    // A stale or replayed callback: sign in again, to the home page.
    console.warn('sign-in callback failed', error);
    returnTo('/');
    return null;
  }
}

/**
 * The language the server keeps for the user, read only from the tokens of a sign-in that has just
 * happened. Tokens kept in this tab were minted before any choice made since (the switcher saves it
 * on the server, but the token keeps the earlier `locale` until it is refreshed): following them
 * after a reload would turn the page back to the earlier language.
 */
function preferenceAtSignIn(user: User): string | undefined {
  const locale = claimsOf(user.access_token).locale ?? user.profile.locale;
  return typeof locale === 'string' ? locale : undefined;
}

/** Exported for its tests; the app gets a session through `startSession`. */
export function createSession(manager: UserManager, user: User, signedInNow = false): AuthSession {
  let refreshing: Promise<User | null> | undefined;
  // The latest tokens, for what must be known at once (when the user signed in).
  let currentTokens: User | null = user;
  const session: AuthSession = {
    user: { ...currentUserOf(user), ...(signedInNow ? { preferredLanguage: preferenceAtSignIn(user) } : {}) },
    async getAccessToken() {
      const stored = await manager.getUser();
      if (!stored) return undefined;
      if ((stored.expires_in ?? 0) >= minValiditySeconds) return stored.access_token;
      // One refresh for all the calls that need it at the same moment.
      refreshing ??= fresh(manager, stored).finally(() => (refreshing = undefined));
      const renewed = await refreshing;
      currentTokens = renewed;
      if (renewed) {
        // Names and roles come from the new token (an administrator may have changed them).
        const next = { ...currentUserOf(renewed), preferredLanguage: session.user.preferredLanguage };
        if (JSON.stringify(next) !== JSON.stringify(session.user)) {
          session.user = next;
          authSession.set({ ...session });
        }
      }
      return renewed?.access_token;
    },
    signedInAt() {
      const stored = currentTokens;
      if (!stored) return undefined;
      // Only the access token's: it is what the server reads (plugins/recent-authentication.ts), so
      // both agree on whether a change may go ahead. The ID token's can be newer than what the server sees.
      const authTime = claimsOf(stored.access_token).auth_time;
      return typeof authTime === 'number' ? authTime : undefined;
    },
    async reauthenticate(returnTo, options = {}) {
      await manager.signinRedirect({
        max_age: 0,
        login_hint: session.user.username,
        state: { returnTo } satisfies ReturnState,
        ui_locales: uiLocales(),
        ...(options.action ? { extraQueryParams: { kc_action: options.action } } : {}),
      });
    },
    async signInAgain() {
      const { saveFormDraft } = await import('./form-draft');
      saveFormDraft();
      await signIn(manager, herePath());
    },
    async logout() {
      const current = await manager.getUser();
      try {
        await manager.revokeTokens(['refresh_token']);
      } catch (error) {
        // Ending the identity session below ends its grants too; logging out must not stop here.
        console.warn('refresh token revocation failed', error);
      }
      // Ends the identity session, which comes back to the portal and so to sign-in.
      // In the page's language: the identity service's logout pages read `ui_locales` (as Keycloak's do).
      const inLanguage = { extraQueryParams: { ui_locales: uiLocales() } };
      await manager.signoutRedirect(current?.id_token ? { id_token_hint: current.id_token, ...inLanguage } : inLanguage);
    },
  };
  return session;
}

/**
 * Signs the user in with the identity service (embedded or Keycloak: the same OpenID Connect)
 * before the app renders. Resolves true when a session is in place and installed into
 * `authSession`, false when the browser is on its way to the sign-in page.
 */
export async function startSession(manager: UserManager): Promise<boolean> {
  const initial = await initialUser(manager);
  if (!initial) {
    await signIn(manager, herePath());
    return false;
  }
  authSession.set(createSession(manager, initial.user, initial.signedInNow));
  // Rarely needed (a form left for sign-in): its code loads beside the first page, not before it.
  void import('./form-draft').then(({ restoreFormDraft }) => restoreFormDraft());
  return true;
}
