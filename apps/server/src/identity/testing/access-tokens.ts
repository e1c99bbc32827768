import { randomBytes } from 'node:crypto';
import { importJWK, SignJWT, type JWK } from 'jose';
import { panelRoles, tokenRole, type PanelRole } from '@registrar-panel/contract';
import { issuerOf, type Config } from '../../config';
import { apiResourceOf } from '../provider/provider';
import { sessionPolicy } from '../../lib/session-policy';

export interface TokenClaims {
  username: string;
  /** Every role unless given. */
  roles?: readonly PanelRole[];
  firstName?: string;
  lastName?: string;
  email?: string;
  /** Seconds until expiry (the provider's 5 minutes unless given); negative for an expired token. */
  expiresIn?: number;
  /** Seconds since the user signed in (`auth_time`); 0 unless given, null for a token without one. */
  signedInSecondsAgo?: number | null;
  /** The session's id (`sid`); a new one for each token unless given. */
  sessionId?: string;
}

/**
 * An access token as the embedded provider issues it (resource indicators, format jwt; compare a
 * real one in identity/api-tokens.test.ts): header `typ: at+jwt` and the key id, the API as
 * audience, Keycloak's user claims, `auth_time`, the session's `sid`, `iat` now and a 5-minute `exp`. For tests and benchmarks whose
 * subject is not the sign-in itself.
 */
export async function signAccessToken(config: Config, privateJwk: JWK, claims: TokenClaims): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const firstName = claims.firstName ?? 'Test';
  const lastName = claims.lastName ?? 'User';
  return new SignJWT({
    preferred_username: claims.username,
    name: [firstName, lastName].filter(Boolean).join(' '),
    given_name: firstName,
    family_name: lastName,
    email: claims.email ?? 'test.user@example.com',
    email_verified: true,
    realm_access: { roles: (claims.roles ?? panelRoles).map(tokenRole) },
    azp: config.identity.clientId,
    jti: randomBytes(32).toString('base64url'),
    scope: 'openid profile email',
    client_id: config.identity.clientId,
    sid: claims.sessionId ?? randomBytes(32).toString('base64url'),
    ...(claims.signedInSecondsAgo === null ? {} : { auth_time: now - (claims.signedInSecondsAgo ?? 0) }),
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: privateJwk.kid })
    .setSubject(claims.username)
    .setIssuedAt(now)
    .setExpirationTime(now + (claims.expiresIn ?? sessionPolicy.accessTokenSeconds))
    .setIssuer(issuerOf(config))
    .setAudience(apiResourceOf(config))
    .sign(await importJWK(privateJwk, 'RS256'));
}
