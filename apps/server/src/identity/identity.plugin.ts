import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { issuerOf, type Config } from '../config';
import { isStorableFormBody, isStorableJsonBody, UnstorableTextError } from '../lib/text-safety';
import { workGate } from '../lib/work-gate';
import { oauthInvalidRequest, parseStorableForm } from '../plugins/input-safety';
import { addressOf, byAddress, limitRequests } from '../plugins/rate-limits';
import { accountLinkRoutes } from './account-links/account-link.routes';
import { accountLinks } from './account-links/account-link.service';
import { interactionRoutes } from './sign-in/interaction.routes';
import { signInErrors } from './sign-in/interaction-helpers';
import { providerView } from './provider/pages';
import { messagePage } from './account-links/pages';
import type { PageContext } from './pages/layout';
import { createProvider, providerRoute, providerRoutes } from './provider/provider';
import { resourceRoutes } from './pages/resources.routes';
import { signInSteps } from './sign-in/sign-in.service';
import { forgotPassword } from './sign-in/forgot-password.service';
import type { SigningKeys } from './provider/signing-keys';

export function identityPageContext(config: Config): PageContext {
  return {
    productName: `.${config.tld} registrar panel`,
    resourcesPath: `${new URL(issuerOf(config)).pathname}/resources`,
    demoMode: config.demoMode,
  };
}

/**
 * The embedded identity service at `{authUrl}/realms/{realm}`: the OpenID provider itself, its
 * sign-in pages, the activation/reset page and the pages' files.
 */
export async function identityPlugin(app: FastifyInstance, options: { config: Config; signingKeys: SigningKeys }) {
  const { config } = options;
  const issuerPath = new URL(issuerOf(config)).pathname;
  const pageContext = identityPageContext(config);
  const provider = createProvider({ config, db: app.db, signingKeys: options.signingKeys, directory: app.userDirectory, pageContext });
  const signIn = signInSteps({
    db: app.db,
    outbox: app.outbox,
    config,
    passwordWork: workGate(config.passwordWork),
    onOutcome: (outcome) => app.metrics.signIns.inc({ outcome }),
  });
  const links = accountLinks({ db: app.db, outbox: app.outbox, config });
  const requestReset = forgotPassword({ db: app.db, directory: app.userDirectory });

  // Our own pages take ordinary form posts.
  await app.register(async (pages) => {
    await pages.register(formbody, { parser: parseStorableForm });
    // Text the database cannot hold (plugins/input-safety.ts) is refused with a page, not the API's envelope.
    pages.setErrorHandler((error, request, reply) => {
      if (!(error instanceof UnstorableTextError)) throw error;
      const view = providerView({ query: request.query, url: request.url });
      const { t } = view.texts;
      const body = messagePage({
        context: pageContext,
        view,
        title: t('identity.invalidText.title'),
        text: t('identity.invalidText.text'),
        link: { href: `${config.publicUrl}/`, label: t('identity.goToPanel') },
      });
      return reply.status(400).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
    });
    await pages.register(resourceRoutes, { issuerPath });
    await pages.register(accountLinkRoutes, { links, pageContext, issuerPath, portalUrl: config.publicUrl, tld: config.tld });
    await pages.register(interactionRoutes, {
      provider,
      signIn,
      pageContext,
      issuerPath,
      portalUrl: config.publicUrl,
      totpIssuer: pageContext.productName,
      requestReset,
    });
  });

  // Everything else under the issuer is the provider's: it reads the raw body itself.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // Form and JSON bodies are read here, to refuse text the database cannot hold before the provider
    // queries with it; the provider then parses the bytes handed to it as `req.body` (oidc-provider
    // supports an upstream parser, and warns once that it sees one). Its own limit is 56 KiB.
    const checked = (isStorable: (body: Uint8Array) => boolean) => (_request: unknown, body: Buffer, done: (error: Error | null, body?: Buffer) => void) =>
      isStorable(body) ? done(null, body) : done(new UnstorableTextError());
    raw.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: 56 * 1024 }, checked(isStorableFormBody));
    raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 56 * 1024 }, checked(isStorableJsonBody));
    raw.setErrorHandler((error, _request, reply) => {
      if (error instanceof UnstorableTextError) return oauthInvalidRequest(reply);
      throw error;
    });
    // Each sign-in start keeps an interaction row for 30 minutes: starts are limited per address.
    // Token, revocation, userinfo and logout too: a flood of them from one address slowed everyone.
    // Paths are compared as the provider's router compares them, so no other spelling escapes.
    const routeOf = (name: keyof typeof providerRoutes) => providerRoute(`${issuerPath}${providerRoutes[name]}`);
    const starts = new Set([routeOf('authorization'), routeOf('pushed_authorization_request')]);
    const tokenEndpoints = new Set([routeOf('token'), routeOf('revocation'), routeOf('userinfo'), routeOf('introspection')]);
    const logout = routeOf('end_session');
    const limitStarts = limitRequests(byAddress('signInStartPerIp'));
    const limitTokens = limitRequests(byAddress('identityTokenPerIp'));
    raw.addHook('onRequest', async (request, reply) => {
      const route = providerRoute(request.url.split('?')[0] ?? '');
      if (starts.has(route)) return limitStarts(request, reply);
      if (tokenEndpoints.has(route)) return limitTokens(request, reply);
      // Logout and its confirmation and success pages are pages a person sees: the refusal is one too.
      if (route !== logout && !route.startsWith(`${logout}/`)) return;
      const refused = await app.rateLimits.check(['identityTokenPerIp', addressOf(request)]);
      if (!refused) return;
      request.log.info({ limit: refused.limit }, 'rate limit reached');
      const query = request.query as Record<string, unknown> | undefined;
      const view = providerView({ query, url: request.url, uiLocales: query?.ui_locales });
      const { t } = view.texts;
      const body = messagePage({
        context: pageContext,
        view,
        title: t('identity.link.waitTitle'),
        text: signInErrors(view.texts).tooManyAttempts(refused.retryAfterSeconds, 'network'),
        link: { href: `${config.publicUrl}/`, label: t('identity.goToPanel') },
      });
      return reply
        .status(429)
        .header('retry-after', String(refused.retryAfterSeconds))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(body);
    });
    const handle = provider.callback();
    const publicOrigin = new URL(config.publicUrl);
    raw.all(`${issuerPath}/*`, (request, reply) => {
      reply.hijack();
      if (Buffer.isBuffer(request.body)) Object.assign(request.raw, { body: request.body });
      // The provider builds every URL it advertises from the request's origin: give it PUBLIC_URL's
      // whatever the client wrote (Host, X-Forwarded-*), and the client address Fastify settled on.
      Object.assign(request.raw.headers, {
        'x-forwarded-host': publicOrigin.host,
        'x-forwarded-proto': publicOrigin.protocol.slice(0, -1),
        'x-forwarded-for': request.ip,
      });
      // The provider derives its endpoint URLs from originalUrl minus url: set it before stripping the prefix.
      const url = request.raw.url ?? '/';
      Object.assign(request.raw, { originalUrl: url });
      request.raw.url = url.slice(issuerPath.length) || '/';
      void handle(request.raw, reply.raw);
    });
  });
}
