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
  logout(): Promise<void>;
}

export const authSession = createStore<AuthSession | null>(null);

export function useCurrentUser(): CurrentUser | null {
  return useStore(authSession)?.user ?? null;
}

export async function getAccessToken(): Promise<string | undefined> {
  return authSession.get()?.getAccessToken();
}
