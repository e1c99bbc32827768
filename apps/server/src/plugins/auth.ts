import type { FastifyRequest } from 'fastify';
import { jwtVerify, type JWTHeaderParameters, type JWTPayload, type JWTVerifyGetKey, type JWTVerifyResult } from 'jose';
import { accessEnded, apiKeyPrefix, can, panelRolesFromToken, registrarHandleOf, type ApiKeyScope, type PanelRole } from '@registrar-panel/contract';
import type { ApiRoute } from '@registrar-panel/contract/api';
import type { Config } from '../config';
import { AppError, unauthorized } from '../errors';
import { sessionPolicy } from '../lib/session-policy';

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
  /**
   * When the user last proved who they are at the identity service (the token's `auth_time`, in
   * seconds), if the token says; plugins/recent-authentication.ts reads it. An API key has none.
   */
  authTime?: number;
  /**
   * The identity service's session the token belongs to (its `sid`: the embedded provider's session
   * uid, or Keycloak's session id); My account lists and ends sessions by it. An API key has none.
   */
  sessionId?: string;
  /**
   * Set when the caller is an API key (modules/api-keys/): then `roles` is empty, `username` names
   * the key for the audit trail, and `mayCall` admits it only on routes whose `apiKeyScope` it holds.
   */
  apiKey?: { id: string; name: string; scopes: ApiKeyScope[] };
}

/** The caller as the token alone says (the IP comes from the request). */
type Caller = Omit<SignedInUser, 'ip'>;

/**
 * Keycloak's access tokens carry the user's access end day (`YYYY-MM-DD`, Brussels; a mapper in the
 * realm export). From the next day's 00:00 the API refuses them, as the embedded service refuses
 * such a user's sign-in and refresh; the access-end job then disables the user in Keycloak.
 */
export const accessEndClaim = 'access_end';

const accessEndOf = (claims: JWTPayload) => {
  const value = claims[accessEndClaim];
  return typeof value === 'string' && value !== '' ? value : null;
};

export interface AuthOptions {
  issuer: string;
  clientId: string;
  /** The issuer's public keys: local for the embedded service, its JWKS endpoint for Keycloak. */
  keys: JWTVerifyGetKey;
  /** Which identity service issues the tokens: each marks its access tokens its own way. */
  mode: Config['identity']['mode'];
  /**
   * The API as the tokens' audience, when the identity service names it (the embedded one does:
   * `{PUBLIC_URL}/services`); a token for another resource is refused even with our `azp`.
   */
  audience?: string;
  /**
   * Authenticates a bearer that starts with `apiKeyPrefix` (modules/api-keys/api-key-auth.ts): the
   * caller, or a thrown 401/403. Without it such a bearer is refused like any bad token.
   */
  apiKeys?: ApiKeyAuthenticator;
  /**
   * Told of a user whose token is refused because their access end day has passed, before the 403
   * goes out: their session ends there, so no silent sign-in goes on issuing tokens the API refuses.
   */
  onAccessEnded?: (username: string) => Promise<void>;
  /**
   * Told of every request of a token that names its session (`sid`), with the caller: false refuses
   * it (401), because the user ended that session (modules/account/session-tracker.ts). Asked at every
   * request, never cached, so that an ended session is refused on every instance at its next request.
   */
  sessions?: SessionTracker;
}

/** Whether a session may go on; records its use (modules/account/session-tracker.ts). */
export type SessionTracker = (session: { sessionId: string; username: string; registrarHandle: string; request: FastifyRequest }) => Promise<boolean>;

/** The key path of authentication: the caller a key stands for, or a thrown 401 (not a usable key). */
export type ApiKeyAuthenticator = (key: string, request: FastifyRequest) => Promise<SignedInUser>;

/** An access token's claims once verified: `exp` and `iat` are always there. */
export interface AccessTokenClaims extends JWTPayload {
  exp: number;
  iat: number;
}

/** Clocks of the API and the identity service may differ by this much. */
const clockToleranceSeconds = 5;

/** A JWT `typ` as a media type is compared (RFC 7515 4.1.9): any case, `application/` optional. */
const mediaType = (typ: unknown) => (typeof typ === 'string' ? typ.toLowerCase().replace(/^application\//, '') : undefined);

/**
 * Only access tokens open the API, not the ID token a browser also holds (it carries the same
 * names and is signed by the same key). The embedded provider marks its access tokens `typ:
 * at+jwt` in the header (RFC 9068) and its ID tokens not at all. Keycloak puts `typ: JWT` in the
 * header of every token and tells them apart in the payload: "Bearer" for access tokens, "ID" and
 * "Refresh" for the others.
 */
function isAccessToken(mode: AuthOptions['mode'], header: JWTHeaderParameters, claims: JWTPayload): boolean {
  if (mode === 'embedded') return mediaType(header.typ) === 'at+jwt';
  return (mediaType(header.typ) === 'jwt' || mediaType(header.typ) === 'at+jwt') && claims.typ === 'Bearer';
}

/**
 * Verifies a bearer token and returns its claims: signature, issuer, an access token's shape,
 * `iat` (required, not in the future) and `exp` (required, not past, and no further ahead than an
 * access token lives: a token minted to last ten years is refused), and the authorised party.
 */
export async function verifyAccessTokenClaims(token: string, options: AuthOptions): Promise<AccessTokenClaims> {
  let verified: JWTVerifyResult;
  try {
    verified = await jwtVerify(token, options.keys, {
      issuer: options.issuer,
      clockTolerance: clockToleranceSeconds,
      requiredClaims: ['exp', 'iat'],
      // Also refuses an `iat` in the future (beyond the tolerance).
      maxTokenAge: sessionPolicy.accessTokenSeconds,
    });
  } catch {
    throw unauthorized();
  }
  const { payload: claims, protectedHeader } = verified;
  if (!isAccessToken(options.mode, protectedHeader, claims)) throw unauthorized();
  const { exp, iat } = claims;
  const latestExpiry = Math.floor(Date.now() / 1000) + sessionPolicy.accessTokenSeconds + clockToleranceSeconds;
  if (typeof exp !== 'number' || typeof iat !== 'number' || exp > latestExpiry) throw unauthorized();
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : (claims.aud ?? []);
  if (claims.azp !== options.clientId && !audiences.includes(options.clientId)) throw unauthorized();
  if (options.audience !== undefined && !audiences.includes(options.audience)) throw unauthorized();
  return { ...claims, exp, iat };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The answer to a token whose access end day has passed: 403 with its own message, not 401. A 401
 * means "sign in again" to the web, and the identity service's session would sign the user in
 * again at once with a token the API refuses again.
 */
const accessEndedRefusal = () => AppError.of(403, 'access.ended');

/** The caller a verified access token names; 401 unless its username names a registrar, 403 once their access has ended. */
export function callerOf(claims: AccessTokenClaims): Caller {
  const username = text(claims.preferred_username);
  const registrarHandle = registrarHandleOf(username);
  if (!registrarHandle) throw unauthorized();
  if (accessEnded(accessEndOf(claims))) throw accessEndedRefusal();
  const realmAccess = claims.realm_access;
  return {
    username,
    registrarHandle,
    roles: panelRolesFromToken(typeof realmAccess === 'object' && realmAccess !== null ? (realmAccess as { roles?: unknown }).roles : undefined),
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    email: text(claims.email),
    ...(typeof claims.auth_time === 'number' ? { authTime: claims.auth_time } : {}),
    ...(typeof claims.sid === 'string' && claims.sid !== '' ? { sessionId: claims.sid } : {}),
  };
}

/**
 * Tokens already verified, by their exact text, each until its own expiry. A browser sends the same
 * access token with every call for its five minutes; checking its RSA signature again each time
 * was a sixth of the API's work. Only tokens that passed every check are kept, and the oldest
 * entry goes first when the cache is full, so a flood of other tokens costs memory it cannot grow.
 */
export function verifiedTokenCache(maxEntries: number) {
  const entries = new Map<string, { caller: Caller; expiresAtMs: number; accessEnd: string | null }>();
  return {
    get(token: string): Caller | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      // A token kept over midnight stops at the end of the caller's last day, not at its expiry.
      if (Date.now() < entry.expiresAtMs && !accessEnded(entry.accessEnd)) return entry.caller;
      entries.delete(token);
      return undefined;
    },
    set(token: string, caller: Caller, expiresAtMs: number, accessEnd: string | null = null): void {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(token, { caller, expiresAtMs, accessEnd });
    },
  };
}

/** Who a request's bearer (an access token, or an API key) stands for, or a thrown 401 or 403. */
export type Authenticator = (request: FastifyRequest) => Promise<SignedInUser>;

/**
 * The authentication step of the API's routes (plugins/api-routes.ts): a valid bearer token, or an
 * API key, else 401. Which routes a key may call is the route table's business (`apiKeyScope`),
 * checked after this step with the roles.
 */
export function bearerAuthenticator(options: AuthOptions): Authenticator {
  const verified = verifiedTokenCache(10_000);
  // Tokens whose user's session was ended for an ended access: their further requests are refused
  // without asking the identity service again (forgotten all at once when full; it is only a saving).
  const endedTokens = new Set<string>();
  return async (request: FastifyRequest): Promise<SignedInUser> => {
    const header = request.headers.authorization ?? '';
    const token = /^Bearer (.+)$/i.exec(header)?.[1];
    if (!token) throw unauthorized();
    // A JWT never starts with the key prefix (it starts with its base64url header, `eyJ`).
    if (token.startsWith(apiKeyPrefix)) {
      if (!options.apiKeys) throw unauthorized();
      return options.apiKeys(token, request);
    }
    let caller = verified.get(token);
    if (!caller) {
      const claims = await verifyAccessTokenClaims(token, options);
      const username = text(claims.preferred_username);
      if (options.onAccessEnded && registrarHandleOf(username) && accessEnded(accessEndOf(claims)) && !endedTokens.has(token)) {
        // The refusal is the answer whatever happens to the session: a failure is logged, not answered.
        await options.onAccessEnded(username).then(
          () => {
            if (endedTokens.size >= 10_000) endedTokens.clear();
            endedTokens.add(token);
          },
          (error: unknown) => {
            request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'ending the session of a user whose access ended failed');
          },
        );
      }
      caller = callerOf(claims);
      verified.set(token, caller, claims.exp * 1000, accessEndOf(claims));
    }
    const { sessionId } = caller;
    if (
      sessionId &&
      options.sessions &&
      !(await options.sessions({ sessionId, username: caller.username, registrarHandle: caller.registrarHandle, request }))
    ) {
      throw unauthorized();
    }
    return { ...caller, ip: request.ip };
  };
}

/**
 * Whether the caller may call a route as its table entry says: a user by a role that grants the
 * entry's `access` (docs/authorization.md), an API key by holding the entry's `apiKeyScope` (whose
 * capability is the entry's access, as a contract test holds). Anyone signed in may call a
 * `signedIn` route; no key may call a route without a scope.
 */
export function mayCall(user: SignedInUser, route: Pick<ApiRoute, 'access' | 'apiKeyScope'>): boolean {
  if (user.apiKey) return route.apiKeyScope !== undefined && user.apiKey.scopes.includes(route.apiKeyScope);
  if (route.access === 'public' || route.access === 'signedIn') return true;
  return can(user.roles, route.access);
}
