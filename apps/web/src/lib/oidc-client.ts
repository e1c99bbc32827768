import type { AppConfiguration } from '@registrar-panel/contract';
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { matchLanguage } from '@registrar-panel/contract';
import { startLanguage } from './language-choice';

/*
 * The part of the OpenID Connect client that the start-up needs before the app's code loads
 * (main.tsx): a visitor without a session is sent to the sign-in page from here. It imports neither
 * React nor the app, so that detour costs only this module and oidc-client-ts.
 */

export interface ReturnState {
  returnTo: string;
}

export function createManager(config: AppConfiguration): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: `${config.identity.authUrl}/realms/${config.identity.realm}`,
    client_id: config.identity.clientId,
    redirect_uri: `${origin}/`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: 'openid profile email',
    // Tokens are refreshed only when a call needs one, so that 30 idle minutes end the session.
    automaticSilentRenew: false,
    monitorSession: false,
    loadUserInfo: false,
    revokeTokenTypes: ['refresh_token'],
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
}

/**
 * The page's language for the identity service's pages (`ui_locales`, as Keycloak reads it too): the
 * one kept in this browser, the pseudo-language as English.
 */
export const uiLocales = (): string => matchLanguage(startLanguage()) ?? 'en';

/** Goes to the identity service's sign-in page, in the page's language; back from it, the app opens `returnTo`. */
export async function signIn(manager: UserManager, returnTo: string): Promise<void> {
  await manager.removeUser();
  await manager.signinRedirect({ state: { returnTo } satisfies ReturnState, ui_locales: uiLocales() });
}
