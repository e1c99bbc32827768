import type { FastifyInstance } from 'fastify';
import { tldProperty, type AppConfiguration, type ServerProperties } from '@registrar-panel/contract';
import type { Config } from '../../config';
import { ok } from '../../plugins/envelope';

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

export async function webConfigurationRoutes(app: FastifyInstance, options: { config: Config }) {
  const body = webConfiguration(options.config);
  app.get('/assets/config/config.json', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return body;
  });
}

export async function serverPropertiesRoutes(app: FastifyInstance, options: { config: Config }) {
  const properties: ServerProperties = { properties: { [tldProperty]: options.config.tld } };
  app.get('/config', async () => ok(properties));
}
