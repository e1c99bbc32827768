import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { issuerOf, type Config } from '../config';
import { accountLinkRoutes } from './account-link.routes';
import { AccountLinkService } from './account-link.service';
import { interactionRoutes } from './interaction.routes';
import type { PageContext } from './pages/layout';
import { createProvider } from './provider';
import { resourceRoutes } from './resources.routes';
import { SignInService } from './sign-in.service';
import type { SigningKeys } from './signing-keys';

export function identityPageContext(config: Config): PageContext {
  return { productName: `.${config.tld} registrar panel`, resourcesPath: `${new URL(issuerOf(config)).pathname}/resources` };
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
  const signIn = new SignInService({ db: app.db, mailer: app.mailer, config });
  const links = new AccountLinkService({ db: app.db, mailer: app.mailer, config });

  // Our own pages take ordinary form posts.
  await app.register(async (pages) => {
    await pages.register(formbody);
    await pages.register(resourceRoutes, { issuerPath });
    await pages.register(accountLinkRoutes, { links, pageContext, issuerPath, portalUrl: config.publicUrl });
    await pages.register(interactionRoutes, { provider, signIn, pageContext, issuerPath, portalUrl: config.publicUrl, totpIssuer: pageContext.productName });
  });

  // Everything else under the issuer is the provider's: it reads the raw body itself.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handle = provider.callback();
    raw.all(`${issuerPath}/*`, (request, reply) => {
      reply.hijack();
      // The provider derives its endpoint URLs from originalUrl minus url: set it before stripping the prefix.
      const url = request.raw.url ?? '/';
      Object.assign(request.raw, { originalUrl: url });
      request.raw.url = url.slice(issuerPath.length) || '/';
      void handle(request.raw, reply.raw);
    });
  });
}
