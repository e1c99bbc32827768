import type { FastifyInstance } from 'fastify';
import { reconciliationMaxBytesProperty, tldProperty, type AppConfiguration, type ServerProperties } from '@registrar-panel/contract';
import type { Config } from '../../config';
import type { ApiHandlers } from '../../plugins/api-routes';

/** What the web app loads before sign-in; public, no token. */
export function webConfiguration(config: Config): AppConfiguration {
  return {
    identity: { realm: config.identity.realm, authUrl: config.identity.authUrl, clientId: config.identity.clientId },
    appConfig: {
      news_website_link: config.newsUrl,
      registrationGuidelinesLink: config.registrationGuidelinesUrl,
      supportEmail: config.supportEmail,
    },
    demoMode: config.demoMode,
    recentAuthenticationSeconds: config.identity.recentAuthenticationSeconds,
  };
}

/** Outside `/services`: the web app's configuration, before anyone signs in. */
export async function webConfigurationRoutes(app: FastifyInstance, options: { config: Config }) {
  const body = webConfiguration(options.config);
  app.get('/assets/config/config.json', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return body;
  });
}

/** `GET /services/config`: the portal's settings for a signed-in user. */
export function serverPropertiesHandlers(config: Config): Pick<ApiHandlers, 'getServerProperties'> {
  const properties: ServerProperties = {
    properties: { [tldProperty]: config.tld, [reconciliationMaxBytesProperty]: String(config.reconciliationMaxBytes) },
  };
  return { getServerProperties: async () => properties };
}
