import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { can, panelRolesFromToken, registrarHandleOf, type Capability, type PanelRole } from '@registrar-panel/contract';
import { forbidden, unauthorized } from '../errors';

/** Who is calling, as the access token says. Every service call is scoped to `registrarHandle`. */
export interface SignedInUser {
  username: string;
  registrarHandle: string;
  roles: PanelRole[];
  firstName: string;
  lastName: string;
  email: string;
  /** The caller's IP address, for the audit trail. */
  ip: string;
}

/** The caller as the token alone says (the IP comes from the request). */
type Caller = Omit<SignedInUser, 'ip'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every `/services` request that passed authentication. */
    user: SignedInUser;
  }
}

export interface AuthOptions {
  issuer: string;
  clientId: string;
  /** The issuer's public keys: local for the embedded service, its JWKS endpoint for Keycloak. */
  keys: JWTVerifyGetKey;
}

interface KeycloakClaims extends JWTPayload {
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  azp?: string;
  realm_access?: { roles?: string[] };
}

/** Verifies a bearer token (signature, issuer, expiry, authorised party) and returns the caller. */
export async function verifyAccessToken(token: string, options: AuthOptions): Promise<Caller> {
  let claims: KeycloakClaims;
  try {
    ({ payload: claims } = await jwtVerify<KeycloakClaims>(token, options.keys, { issuer: options.issuer, clockTolerance: 5 }));
  } catch {
    throw unauthorized();
  }
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : (claims.aud ?? []);
  if (claims.azp !== options.clientId && !audiences.includes(options.clientId)) throw unauthorized();
  const username = claims.preferred_username ?? '';
  const registrarHandle = registrarHandleOf(username);
  if (!registrarHandle) throw unauthorized();
  return {
    username,
    registrarHandle,
    roles: panelRolesFromToken(claims.realm_access?.roles ?? []),
    firstName: claims.given_name ?? '',
    lastName: claims.family_name ?? '',
    email: claims.email ?? '',
  };
}

/**
 * Tokens already verified, by their exact text, each until its own expiry. A browser sends the same
 * access token with every call for its five minutes; checking its RSA signature again each time
 * was a sixth of the API's work. Only tokens that passed every check are kept, and the oldest
 * entry goes first when the cache is full, so a flood of other tokens costs memory it cannot grow.
 */
export function verifiedTokenCache(maxEntries: number) {
  const entries = new Map<string, { caller: Caller; expiresAtMs: number }>();
  return {
    get(token: string): Caller | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (Date.now() < entry.expiresAtMs) return entry.caller;
      entries.delete(token);
      return undefined;
    },
    set(token: string, caller: Caller, expiresAtMs: number): void {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(token, { caller, expiresAtMs });
    },
  };
}

/** The `exp` of a token that passed verification, in ms (the token's payload is not trusted before). */
function expiryOf(token: string): number | undefined {
  const payload = token.split('.')[1];
  const { exp } = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
  return typeof exp === 'number' ? exp * 1000 : undefined;
}

/** Requires a valid bearer token on every route registered inside the plugin's scope. */
export const authPlugin = fp<AuthOptions>(async (app: FastifyInstance, options) => {
  const verified = verifiedTokenCache(10_000);
  app.decorateRequest('user', null as unknown as SignedInUser);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const token = /^Bearer (.+)$/i.exec(header)?.[1];
    if (!token) throw unauthorized();
    let caller = verified.get(token);
    if (!caller) {
      caller = await verifyAccessToken(token, options);
      const expiresAtMs = expiryOf(token);
      if (expiresAtMs !== undefined) verified.set(token, caller, expiresAtMs);
    }
    request.user = { ...caller, ip: request.ip };
  });
});

/** Throws 403 unless one of the caller's roles grants the capability (docs/authorization.md). */
export function authorize(user: SignedInUser, capability: Capability): void {
  if (!can(user.roles, capability)) throw forbidden();
}
