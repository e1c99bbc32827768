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
export async function verifyAccessToken(token: string, options: AuthOptions): Promise<Omit<SignedInUser, 'ip'>> {
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

/** Requires a valid bearer token on every route registered inside the plugin's scope. */
export const authPlugin = fp<AuthOptions>(async (app: FastifyInstance, options) => {
  app.decorateRequest('user', null as unknown as SignedInUser);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer (.+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    request.user = { ...(await verifyAccessToken(match[1], options)), ip: request.ip };
  });
});

/** Throws 403 unless one of the caller's roles grants the capability (docs/authorization.md). */
export function authorize(user: SignedInUser, capability: Capability): void {
  if (!can(user.roles, capability)) throw forbidden();
}
