import { createHmac } from 'node:crypto';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { accessEnded } from '@registrar-panel/contract';
import { issuerOf, type Config } from '../../config';
import type { Db } from '../../db/database';
import { oidcAdapterFactory } from './oidc-adapter';
import type { PageContext } from '../pages/layout';
import { loggedOutPage, logoutPage, providerErrorPage } from './pages';
import { sessionPolicy, sessionSecondsLeft } from './session-policy';
import type { SigningKeys } from './signing-keys';
import { userClaims } from './token-claims';
import type { UserDirectory } from '../directory/user-directory';
import { jwtUserinfo } from './userinfo';
import { verifyAccessTokenClaims } from '../../plugins/auth';

export interface ProviderOptions {
  config: Config;
  db: Db;
  signingKeys: SigningKeys;
  directory: UserDirectory;
  pageContext: PageContext;
}

/** The API the access tokens are for; their audience. */
export function apiResourceOf(config: Config): string {
  return `${config.publicUrl}/services`;
}

/** Keycloak's endpoint layout under the realm, so that the web app cannot tell the two apart. */
export const providerRoutes = {
  authorization: '/protocol/openid-connect/auth',
  pushed_authorization_request: '/protocol/openid-connect/ext/par/request',
  token: '/protocol/openid-connect/token',
  end_session: '/protocol/openid-connect/logout',
  jwks: '/protocol/openid-connect/certs',
  userinfo: '/protocol/openid-connect/userinfo',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
};

/** Cookie signing keys derived from the persisted signing key, so that cookies survive a restart. */
function cookieKeys(signingKeys: SigningKeys): string[] {
  return signingKeys.privateJwks.map((jwk) =>
    createHmac('sha256', String(jwk.d ?? jwk.k ?? jwk.kid))
      .update('oidc-cookies')
      .digest('base64url'),
  );
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Whether a logout request proves it comes from the portal: it carries an ID token (already
 * verified by the provider as ours, for our client) of the account this browser is signed in as.
 * The portal's own Logout sends one; a link or form on another site cannot, so there the user
 * confirms with the button.
 */
function namesSessionAccount(ctx: KoaContextWithOIDC): boolean {
  const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
  const accountId = ctx.oidc.session?.accountId;
  return typeof accountId === 'string' && hint?.payload?.sub === accountId;
}

/** The claims each scope releases, in the ID token and at userinfo. */
const claimsByScope = {
  openid: ['sub'],
  profile: ['preferred_username', 'name', 'given_name', 'family_name'],
  email: ['email', 'email_verified'],
};

/**
 * Discovery and the keys change only with a release or a new signing key: clients and caches may
 * keep them a few minutes, and no longer, so that a new key is picked up soon.
 */
const metadataCacheControl = 'public, max-age=300';

/**
 * The embedded OpenID provider: one public client (the web app) using the authorization code flow
 * with PKCE and refresh tokens; JWT access tokens with Keycloak's claims.
 */
export function createProvider(options: ProviderOptions): Provider {
  const { config, directory, pageContext } = options;
  const issuer = issuerOf(config);
  const issuerPath = new URL(issuer).pathname;
  const apiResource = apiResourceOf(config);
  const portalOrigin = new URL(config.publicUrl).origin;

  // Sessions, grants and tokens name the account by its subject id, never by its username. A user
  // disabled, or whose access ended, gets no new token: their refresh fails and their session ends.
  const activeUser = async (accountId: string) => {
    const user = await directory.findUserById(accountId);
    return user?.state === 'active' && !accessEnded(user.accessEnd) ? user : undefined;
  };

  const configuration: Configuration = {
    adapter: oidcAdapterFactory(options.db),
    jwks: { keys: options.signingKeys.privateJwks },
    clients: [
      {
        client_id: config.identity.clientId,
        client_name: 'Registrar Panel',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}/`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
      },
    ],
    routes: providerRoutes,
    // Authorization code only: no implicit or hybrid flow, no password grant.
    responseTypes: ['code'],
    cookies: { keys: cookieKeys(options.signingKeys) },
    claims: claimsByScope,
    scopes: ['openid', 'profile', 'email'],
    // The ID token carries the profile too, as Keycloak's does; the web app reads the user from it.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => origin === portalOrigin,
    async findAccount(_ctx, sub) {
      const user = await activeUser(sub);
      if (!user) return undefined;
      return { accountId: user.id, claims: () => ({ sub: user.id, ...userClaims(user) }) };
    },
    // Keycloak's claims in the access token, read fresh at each refresh (roles changes apply within 5 minutes).
    // `auth_time` as Keycloak's access tokens carry it: when the user last gave their password and
    // code, kept through refreshes; the API's recent-authentication check reads it.
    async extraTokenClaims(ctx, token) {
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const user = await activeUser(token.accountId);
      if (!user) return undefined;
      const { AuthorizationCode: code, RefreshToken: refresh } = ctx.oidc.entities;
      const authTime = code?.authTime ?? refresh?.authTime;
      return { ...userClaims(user), azp: token.clientId, ...(typeof authTime === 'number' ? { auth_time: authTime } : {}) };
    },
    // Refresh tokens for the web app without offline_access; they end with the session.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    expiresWithSession: () => true,
    rotateRefreshToken: true,
    ttl: {
      AccessToken: sessionPolicy.accessTokenSeconds,
      AuthorizationCode: 60,
      IdToken: sessionPolicy.accessTokenSeconds,
      Interaction: 30 * 60,
      Grant: sessionPolicy.maxSeconds,
      Session: (_ctx, session) => sessionSecondsLeft(session.loginTs, nowSeconds()),
      RefreshToken: (_ctx, token) => sessionSecondsLeft(token.authTime, nowSeconds()),
    },
    interactions: { url: (_ctx, interaction) => `${issuerPath}/login-actions/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(pageContext, form, { confirmAtOnce: namesSessionAccount(ctx) });
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = loggedOutPage(pageContext, config.publicUrl);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiResource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== apiResource) throw new errors.InvalidTarget();
          return {
            scope: 'openid profile email',
            audience: apiResource,
            accessTokenTTL: sessionPolicy.accessTokenSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = providerErrorPage(pageContext, config.publicUrl, { code: out.error, description: out.error_description });
    },
  };

  const provider = new Provider(issuer, configuration);
  // Reads only the X-Forwarded-* that identity.plugin.ts writes from PUBLIC_URL (never the client's),
  // so that its URLs are the public ones and its cookies are Secure when PUBLIC_URL is https.
  provider.proxy = true;

  provider.use(async (ctx: KoaContextWithOIDC, next) => {
    await next();
    // An empty revocation answer carries no Content-Type, as Keycloak's (clients reject text/plain).
    if (ctx.oidc?.route === 'revocation' && !ctx.body) ctx.remove('Content-Type');
    // Using the session (a refresh) counts as activity: the idle clock of the session restarts.
    if (ctx.oidc?.route !== 'token' || ctx.status !== 200) return;
    const sessionUid = ctx.oidc.entities.RefreshToken?.sessionUid;
    if (!sessionUid) return;
    const session = await provider.Session.findByUid(sessionUid);
    if (session) await session.save(sessionSecondsLeft(session.loginTs, nowSeconds()));
  });

  provider.use(async (ctx: KoaContextWithOIDC, next) => {
    await next();
    if ((ctx.oidc?.route === 'discovery' || ctx.oidc?.route === 'jwks') && ctx.status === 200) ctx.set('Cache-Control', metadataCacheControl);
  });
  // userinfo for the portal's own (JWT) access tokens, checked as the API checks them (userinfo.ts).
  provider.use(
    jwtUserinfo({
      path: providerRoutes.userinfo,
      verify: (token) =>
        verifyAccessTokenClaims(token, {
          issuer,
          clientId: config.identity.clientId,
          keys: options.signingKeys.verify,
          mode: 'embedded',
          audience: apiResource,
        }),
      findAccount: async (ctx, sub) => (await configuration.findAccount?.(ctx, sub)) ?? undefined,
      claimsByScope,
      portalOrigin,
    }),
  );
  return provider;
}
