import type { Account, KoaContextWithOIDC } from 'oidc-provider';
import type { AccessTokenClaims } from '../../plugins/auth';

export interface JwtUserinfoOptions {
  /** The userinfo route, relative to the issuer. */
  path: string;
  /** The API's check of an access token (plugins/auth.ts); throws when it is not one. */
  verify(token: string): Promise<AccessTokenClaims>;
  /** The provider's own account lookup: no account for a user who is gone or not active. */
  findAccount(ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined>;
  /** The claims each scope releases, as the provider is configured. */
  claimsByScope: Readonly<Record<string, readonly string[]>>;
  /** The only origin a browser may call userinfo from (the portal's, as for the other endpoints). */
  portalOrigin: string;
}

const jwtBearer = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/i;

/**
 * userinfo for the portal's access tokens. They are JWTs for the API (audience `/services`), and
 * oidc-provider's own userinfo only takes opaque tokens without an audience, so openid-client's
 * `fetchUserInfo` failed with the very token the portal holds (Keycloak takes it). This answers a
 * GET or POST that brings such a token in the Authorization header with the user's current claims,
 * released by the token's scopes. Anything else (no token, another token, a token the API would
 * refuse, a user no longer active, a foreign origin) goes on to the provider, which answers it
 * with its standard error (`invalid_token` and WWW-Authenticate).
 */
export function jwtUserinfo(options: JwtUserinfoOptions) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<unknown>) => {
    if (ctx.path !== options.path || (ctx.method !== 'GET' && ctx.method !== 'POST')) return next();
    const token = jwtBearer.exec(ctx.get('authorization'))?.[1];
    const origin = ctx.get('origin');
    if (!token || (origin && origin !== options.portalOrigin)) return next();

    let claims: AccessTokenClaims;
    try {
      claims = await options.verify(token);
    } catch {
      return next();
    }
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    if (typeof claims.sub !== 'string' || !scopes.includes('openid')) return next();
    const account = await options.findAccount(ctx, claims.sub);
    if (!account) return next();

    const released = new Set(['sub', ...scopes.flatMap((scope) => options.claimsByScope[scope] ?? [])]);
    const userClaims = await account.claims('userinfo', scopes.join(' '), {}, []);
    ctx.status = 200;
    ctx.set('Cache-Control', 'no-store');
    if (origin) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.vary('Origin');
    }
    ctx.body = Object.fromEntries(Object.entries(userClaims).filter(([name, value]) => released.has(name) && value !== undefined));
  };
}
