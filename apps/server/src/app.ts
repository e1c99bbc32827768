import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createRemoteJWKSet } from 'jose';
import { issuerOf, type Config } from './config';
import type { Database, Db } from './db/database';
import { openReadReplicas, type ReadReplicas } from './db/read-replicas';
import { databaseUserDirectory } from './identity/directory/database-user-directory';
import { devMailRoutes } from './identity/demo/dev-mail.routes';
import { ruleMailStopRoutes } from './modules/notification-rules/rule-mail-stop.routes';
import { keycloakAdmin } from './identity/directory/keycloak-admin';
import { keycloakUserDirectory } from './identity/directory/keycloak-user-directory';
import { identityPageContext, identityPlugin } from './identity/identity.plugin';
import { apiResourceOf } from './identity/provider/provider';
import { loadSigningKeys } from './identity/provider/signing-keys';
import type { UserDirectory } from './identity/directory/user-directory';
import { fastifyTrustProxy } from './lib/addresses';
import { mailOutbox, type Outbox } from './mail/outbox';
import { addOutboxGauges } from './mail/outbox-metrics';
import { addFeedGauges } from './feed/feed-metrics';
import { apiRoutesPlugin } from './plugins/api-routes';
import { personalDataLog, type PersonalDataLog } from './modules/personal-data-log/personal-data-log';
import { bearerAuthenticator } from './plugins/auth';
import { accountSessionTracker } from './modules/account/session-tracker';
import { compression } from './plugins/compression';
import { envelopePlugin } from './plugins/envelope';
import { frameworkErrorHandler, inputSafety } from './plugins/input-safety';
import { loadAllMessageTexts, messageLanguage } from './plugins/message-language';
import { withSafeLogSerializers } from './lib/log-serializers';
import { noStore } from './plugins/no-store';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { registrarStatusGate } from './plugins/registrar-status';
import { registrarStatusCache } from './db/registrar-status-cache';
import { openChangeNotices, type ChangeNotices } from './db/change-notices';
import { securityHeaders } from './plugins/security-headers';
import { webApp } from './plugins/web-app';
import { apiHandlers } from './modules/api-handlers';
import { webConfigurationRoutes } from './modules/config/config.routes';
import { healthRoutes, type Lifecycle } from './modules/health/health.routes';
import { metricsPlugin } from './modules/metrics/metrics.plugin';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { addReplicaMetrics } from './modules/metrics/replica-metrics';
import { endBlockedSessions, keycloakSessionSignIns } from './modules/history/session-sign-ins';
import { apiKeyAuthenticator } from './modules/api-keys/api-key-auth';
import { registeredRoutes } from './modules/openapi/registered-routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** Where changes queue the mails they cause, in their own transaction (mail/outbox.ts). */
    outbox: Outbox;
    /** Panel users: in the product's database, or in Keycloak (identity/directory/). */
    userDirectory: UserDirectory;
    /** Who looked at personal data (modules/personal-data-log/); null when PERSONAL_DATA_LOG=false. */
    personalDataLog: PersonalDataLog | null;
    /** The streaming replicas lag-tolerant reads may use (DATABASE_REPLICA_URLS; db/read-replicas.ts). */
    replicas: ReadReplicas;
    /** What PostgreSQL tells this instance of changed rows its caches keep (db/change-notices.ts). */
    changeNotices: ChangeNotices;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

/** The embedded directory, or Keycloak's users through its admin API as the portal's service account. */
function userDirectoryOf(config: Config, database: Database, outbox: Outbox): UserDirectory {
  if (config.identity.mode === 'embedded') return databaseUserDirectory({ db: database.db, outbox, config });
  const { authUrl, realm, directoryClient } = config.identity;
  const admin = keycloakAdmin({ authUrl, realm, clientId: directoryClient.clientId, clientSecret: directoryClient.clientSecret });
  return keycloakUserDirectory({ admin, db: database.db, outbox, config });
}

/** Builds the whole server as a plugin tree; tests build it without a port. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const identityPath = new URL(issuerOf(config)).pathname;
  // Where the API lives: its routes, the OpenAPI document and the key routes' names are relative to it.
  const servicesPrefix = '/services';
  // The API's messages in each language, for its answers in the caller's (plugins/message-language.ts).
  const allMessageTexts = await loadAllMessageTexts();
  const app = Fastify({
    // Log lines never hold secrets nor query parameters (lib/log-serializers.ts).
    logger: withSafeLogSerializers(options.logger ?? { level: config.logLevel }, identityPath),
    // A path that is not valid UTF-8 is refused before routing: answered like any refused input.
    frameworkErrors: frameworkErrorHandler(identityPath, { prefix: servicesPrefix, texts: allMessageTexts }),
    // Off unless TRUST_PROXY names the proxies: otherwise any client could write its own address.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: 'x-request-id',
    // Path parameters hold URL-encoded domain names (up to 253 characters, longer once encoded).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
  });
  app.decorate('config', config);
  app.decorate<Database>('database', database);
  app.decorate('db', database.db);
  app.decorate('outbox', mailOutbox({ retry: config.mailRetry, smtpTimeoutMs: config.smtpTimeoutMs }));
  app.decorate<UserDirectory>('userDirectory', userDirectoryOf(config, database, app.outbox));
  const replicas = openReadReplicas({
    primary: database,
    urls: config.database.replicaUrls,
    maxLagSeconds: config.database.replicaMaxLagSeconds,
    poolSize: config.database.poolSize,
    log: app.log,
  });
  app.decorate<ReadReplicas>('replicas', replicas);
  app.addHook('onClose', async () => replicas.close());
  // What PostgreSQL tells this instance of changed registrar statuses and sessions (LISTEN), for the caches of both.
  const changeNotices = openChangeNotices(database.db, {
    sessionUrl: database.sessionUrl,
    onListenerLost: (reason) => app.log.warn({ reason }, 'change listener lost: registrar statuses and sessions are read per request until it listens again'),
  });
  app.decorate<ChangeNotices>('changeNotices', changeNotices);
  app.addHook('onClose', async () => changeNotices.close());
  // Turned off at SIGTERM (server.ts), so that /health/ready sends the proxy elsewhere first.
  app.decorate<Lifecycle>('lifecycle', { shuttingDown: false });
  app.decorate<PersonalDataLog | null>('personalDataLog', config.personalDataLog ? personalDataLog(database.db, app.log) : null);
  if (!app.personalDataLog) app.log.warn('PERSONAL_DATA_LOG=false: reads of personal data are not recorded (for measurements only)');
  // The reads still waiting are written before the database closes (server.ts closes it after the app).
  app.addHook('onClose', async () => app.personalDataLog?.flush());

  // Metrics before anything else: every request is counted, and modules count with `app.metrics`.
  await app.register(metricsPlugin, { pool: database.pool });
  addOutboxGauges(app);
  addFeedGauges(app);
  addReplicaMetrics(app.metrics, replicas);
  // Cross-cutting first: headers and the error envelope apply to everything registered after them.
  await app.register(securityHeaders, { config });
  // Compression applies to the routes registered after it: all of them.
  await app.register(compression);
  await app.register(envelopePlugin);
  await app.register(noStore, { prefix: servicesPrefix });
  await app.register(messageLanguage, { prefix: servicesPrefix, texts: allMessageTexts });
  await app.register(rateLimitsPlugin, { config });
  await app.register(inputSafety);

  // Public endpoints: health, the web app's configuration.
  await app.register(healthRoutes);
  // Not public: this machine, or METRICS_TOKEN; anyone else gets a 404 (modules/metrics/).
  await app.register(metricsRoutes, { token: config.metricsToken });
  await app.register(webConfigurationRoutes, { config });
  // The API's routes as they are registered (the OpenAPI drift test reads them).
  await app.register(registeredRoutes, { prefix: servicesPrefix });

  const issuer = issuerOf(config);
  const signingKeys = config.identity.mode === 'embedded' ? await loadSigningKeys(database.db) : undefined;
  const keys = signingKeys ? signingKeys.verify : createRemoteJWKSet(new URL(`${issuer}/protocol/openid-connect/certs`));

  // The embedded identity service (unless a Keycloak is configured), and demo mode's mail outbox.
  if (signingKeys) await app.register(identityPlugin, { config, signingKeys });
  if (config.demoMode) await app.register(devMailRoutes, { pageContext: identityPageContext(config) });
  // The stop link of rule hit mails: a page of its own, no sign-in.
  await app.register(ruleMailStopRoutes, {
    pageContext: identityPageContext(config),
    portalUrl: config.publicUrl,
    identityServesResources: signingKeys !== undefined,
  });

  // The API: every route of the contract's route table, each with its handler, behind one chain of
  // checks read from its entry (plugins/api-routes.ts): limits, authentication (a token, or an API
  // key on the routes its scopes open), the registrar's status, authorisation, a recent sign-in.
  await app.register(
    async (services) => {
      // Keycloak signs users in: the registrar's history records each session's first API request as its sign-in.
      if (config.identity.mode === 'keycloak') await services.register(keycloakSessionSignIns);
      await services.register(apiRoutesPlugin, {
        handlers: apiHandlers(app, servicesPrefix),
        authenticate: bearerAuthenticator({
          issuer,
          clientId: config.identity.clientId,
          keys,
          mode: config.identity.mode,
          audience: config.identity.mode === 'embedded' ? apiResourceOf(config) : undefined,
          apiKeys: apiKeyAuthenticator(database.db),
          // A user whose access end day has passed is refused (403) and signed out of the identity service.
          onAccessEnded: (username) => app.userDirectory.endSessions(username),
          // Each session's use recorded for My account, and a session the user ended refused.
          sessions: accountSessionTracker(database.db, app.changeNotices),
        }),
        // What the registrar's status allows (blocked: nothing; suspended: no change), checked per request.
        registrarStatus: registrarStatusGate(registrarStatusCache(database.db, app.changeNotices), {
          onAccessBlocked: endBlockedSessions(app, config.identity.mode),
        }),
        recentAuthenticationSeconds: config.identity.recentAuthenticationSeconds,
        recordPersonalData: app.personalDataLog ? (read) => app.personalDataLog?.record(read) : undefined,
        database,
        replicas,
      });
    },
    { prefix: servicesPrefix },
  );

  // Last: the single-page app with history fallback.
  await app.register(webApp, {
    distDir: config.webDistDir,
    publicUrl: config.publicUrl,
    identityUrl: config.identity.authUrl,
    sourceMaps: config.webSourceMaps,
  });
  return app;
}
