/*
 * What the address and this tab's storage say about signing in, without the OpenID Connect client:
 * main.tsx decides with these, before any other code has loaded, what to load next.
 */

/** Where oidc-client-ts keeps a signed-in user in this tab: `oidc.user:{authority}:{client id}`. */
const storedUserKeyPrefix = 'oidc.user:';

export function herePath(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

/** The browser is back from the sign-in page: code (or error) and state in the address. */
export function isCallback(): boolean {
  const params = new URLSearchParams(window.location.search);
  return params.has('state') && (params.has('code') || params.has('error'));
}

/**
 * A hint, before the configuration names the identity service, that this tab may hold a session:
 * the app's code then starts downloading at once. `UserManager.getUser()` decides.
 */
export function maySignInSilently(): boolean {
  if (isCallback()) return true;
  try {
    for (let i = 0; i < window.sessionStorage.length; i++) if (window.sessionStorage.key(i)?.startsWith(storedUserKeyPrefix)) return true;
  } catch {
    // Storage not available: the configuration and getUser() decide.
  }
  return false;
}
