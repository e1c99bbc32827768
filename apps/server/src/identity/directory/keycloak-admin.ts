import KeycloakAdminClient, { NetworkError } from '@keycloak/keycloak-admin-client';

export interface KeycloakAdminOptions {
  /** Keycloak's base URL (without `/realms/…`), as OIDC_AUTH_URL gives it. */
  authUrl: string;
  realm: string;
  /** The realm's confidential client whose service account may do the realm export's list (deploy/keycloak/README.md). */
  clientId: string;
  clientSecret: string;
  /** Each call to Keycloak gives up after this long. */
  timeoutMs?: number;
}

/** A token is fetched again this long before it expires, so a call never starts with a dying one. */
const renewBeforeMs = 30_000;

/**
 * Keycloak's admin client, signed in as the portal's service account of the realm (client
 * credentials). Its token is kept until shortly before it expires; calls that overlap a renewal
 * share one token request.
 */
export function keycloakAdmin(options: KeycloakAdminOptions): KeycloakAdminClient {
  const client = new KeycloakAdminClient({ baseUrl: options.authUrl, realmName: options.realm, timeout: options.timeoutMs ?? 10_000 });
  const tokenUrl = `${options.authUrl}/realms/${encodeURIComponent(options.realm)}/protocol/openid-connect/token`;
  let current: { token: string; renewAtMs: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const response = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: options.clientId, client_secret: options.clientSecret }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    // The answer names the problem (e.g. unauthorized_client), never the secret.
    if (!response.ok) throw new Error(`Keycloak refused the directory's service account (${response.status}): ${await response.text()}`);
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new Error('Keycloak answered the service account without an access token');
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 60) * 1000;
    current = { token: body.access_token, renewAtMs: Date.now() + Math.max(lifetimeMs - renewBeforeMs, lifetimeMs / 2) };
    return body.access_token;
  }

  client.registerTokenProvider({
    async getAccessToken() {
      if (current && Date.now() < current.renewAtMs) return current.token;
      pending ??= fetchToken().finally(() => (pending = undefined));
      return pending;
    },
  });
  return client;
}

/** The HTTP status of a refused admin call, or undefined for anything else (timeouts, network). */
export function keycloakStatusOf(error: unknown): number | undefined {
  return error instanceof NetworkError ? error.response.status : undefined;
}
