import { createHmac } from 'node:crypto';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { accessEnded } from '@registrar-panel/contract';
import { issuerOf, type Config } from '../../config';
import type { Db } from '../../db/database';
import { oidcAdapterFactory, revokeAccountSessions } from './oidc-adapter';
import type { PageContext } from '../pages/layout';
import { loggedOutPage, logoutPage, providerErrorPage, providerView } from './pages';
import { sessionPolicy, sessionSecondsLeft } from '../../lib/session-policy';
import type { SigningKeys } from './signing-keys';
import { userClaims } from './token-claims';
import type { UserDirectory } from '../directory/user-directory';
import { jwtUserinfo } from './userinfo';
import { verifyAccessTokenClaims } from '../../plugins/auth';
import { findRegistrarStatus } from '../../db/registrar-status';
import { registrarAllowsSignIn } from '../../lib/registrar-status-policy';

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

/**
 * A path as the provider's router matches it (any letter case, one trailing slash or none): what
 * is decided by path before the router (limits, the logout without a session) must not be passed
 * by writing the path another way.
 */
export function providerRoute(path: string): string {
  return path.replace(/\/$/, '').toUpperCase();
}

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

/** Every CORS answer header the provider may set. */
const corsHeaders = [
  'Access-Control-Allow-Origin',
  'Access-Control-Allow-Methods',
  'Access-Control-Allow-Headers',
  'Access-Control-Expose-Headers',
  'Access-Control-Max-Age',
];

/** A logout request's parameters: the query of a GET, the form of a POST (its bytes, read before the provider). */
function logoutParams(ctx: Pick<KoaContextWithOIDC, 'method' | 'querystring' | 'req' | 'is'>): URLSearchParams {
  if (ctx.method === 'GET') return new URLSearchParams(ctx.querystring);
  const body: unknown = (ctx.req as { body?: unknown }).body;
  return new URLSearchParams(Buffer.isBuffer(body) && ctx.is('application/x-www-form-urlencoded') ? body.toString('utf8') : '');
}

/**
 * The view of a page the provider answers itself (logout, logged out, errors): in the language of the
 * switcher's `lang`, else of the request's `ui_locales` (RP-initiated logout takes it too), else English.
 */
function viewOfContext(ctx: { query: unknown; originalUrl: string; oidc?: { params?: Record<string, unknown> } }) {
  const params = (ctx as { oidc?: { params?: Record<string, unknown> } }).oidc?.params;
  const query = ctx.query as Record<string, unknown> | undefined;
  return providerView({ query, url: ctx.originalUrl, uiLocales: params?.ui_locales ?? query?.ui_locales });
}

/** The claims each scope releases, in the ID token and at userinfo. */
const claimsByScope = {
  openid: ['sub'],
  profile: ['preferred_username', 'name', 'given_name', 'family_name', 'locale'],
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
  const portalHome = `${config.publicUrl}/`;
  const logoutRoute = providerRoute(providerRoutes.end_session);

  // Sessions, grants and tokens name the account by its subject id, never by its username. A user
  // disabled, or whose access ended, gets no new token: their refresh fails and their session ends.
  // So does a user whose registrar may not sign in (BLOCKED, DELETED: registrar-status-policy.ts);
  // the registry's feed changes that status without the provider knowing, so the session the user
  // brings is ended here, at its first use: refresh, silent sign-in or userinfo.
  const activeUser = async (ctx: KoaContextWithOIDC, accountId: string) => {
    const user = await directory.findUserById(accountId);
    if (user?.state !== 'active' || accessEnded(user.accessEnd)) return undefined;
    if (registrarAllowsSignIn(await findRegistrarStatus(options.db, user.registrarHandle))) return user;
    await revokeAccountSessions(options.db, accountId);
    // The session this request loaded (a silent sign-in) is saved again as the request ends: it is
    // saved signed out, and the sign-in page comes next.
    const session = ctx.oidc?.entities.Session;
    if (session?.accountId === accountId) {
      delete session.accountId;
      session.authorizations = undefined;
    }
    return undefined;
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
    async findAccount(ctx, sub) {
      const user = await activeUser(ctx, sub);
      if (!user) return undefined;
      return { accountId: user.id, claims: () => ({ sub: user.id, ...userClaims(user) }) };
    },
    // Keycloak's claims in the access token, read fresh at each refresh (roles changes apply within 5 minutes).
    // `auth_time` as Keycloak's access tokens carry it: when the user last gave their password and
    // code, kept through refreshes; the API's recent-authentication check reads it.
    async extraTokenClaims(ctx, token) {
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const user = await activeUser(ctx, token.accountId);
      if (!user) return undefined;
      const { AuthorizationCode: code, RefreshToken: refresh } = ctx.oidc.entities;
      const authTime = code?.authTime ?? refresh?.authTime;
      // `sid` as Keycloak's access tokens carry it: the session's uid, which My account lists and ends
      // (the API refuses the tokens of an ended session: modules/account/session-tracker.ts).
      const sessionUid = 'sessionUid' in token && typeof token.sessionUid === 'string' ? token.sessionUid : undefined;
      return {
        ...userClaims(user),
        azp: token.clientId,
        ...(typeof authTime === 'number' ? { auth_time: authTime } : {}),
        ...(sessionUid ? { sid: sessionUid } : {}),
      };
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
          ctx.body = logoutPage(pageContext, viewOfContext(ctx), form, { confirmAtOnce: namesSessionAccount(ctx) });
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = loggedOutPage(pageContext, viewOfContext(ctx), config.publicUrl);
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
      ctx.body = providerErrorPage(pageContext, viewOfContext(ctx), config.publicUrl, { code: out.error, description: out.error_description });
    },
  };

  const provider = new Provider(issuer, configuration);
  // Reads only the X-Forwarded-* that identity.plugin.ts writes from PUBLIC_URL (never the client's),
  // so that its URLs are the public ones and its cookies are Secure when PUBLIC_URL is https.
  provider.proxy = true;

  // CORS for the portal only. The provider answers any Origin on discovery, keys and preflights
  // (and on a token error before it knows the client): a browser on another site gets no CORS
  // headers from any endpoint, so it cannot read an answer.
  provider.use(async (ctx, next) => {
    try {
      await next();
    } finally {
      if (ctx.get('origin') !== portalOrigin) for (const header of corsHeaders) ctx.remove(header);
    }
  });

  // Logout without a signed-in session: there is nothing to end, and the provider would store a
  // session (its confirmation form's secret) for 30 minutes per request. Answered here, storing
  // nothing: back to the portal when the request names it, else the logged-out page.
  provider.use(async (ctx, next) => {
    const anonymous =
      providerRoute(ctx.path) === logoutRoute && (ctx.method === 'GET' || ctx.method === 'POST') && !(await provider.Session.get(ctx)).accountId;
    if (!anonymous) {
      await next();
      return;
    }
    const params = logoutParams(ctx);
    ctx.set('Cache-Control', 'no-store');
    if (params.get('post_logout_redirect_uri') === portalHome) {
      const state = params.get('state');
      ctx.status = 303;
      ctx.redirect(state === null ? portalHome : `${portalHome}?${new URLSearchParams({ state }).toString()}`);
      return;
    }
    ctx.type = 'html';
    ctx.body = loggedOutPage(pageContext, viewOfContext(ctx), config.publicUrl);
  });

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
