import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/database';
import { loadSigningKeys } from '../identity/provider/signing-keys';
import { signAccessToken, type TokenClaims } from '../identity/testing/access-tokens';
import { sql } from 'drizzle-orm';
import { jobQueueSchema, queueNames } from '../db/job-queue-schema';
import type { Mail } from '../mail/mail';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /**
   * The mails the app has queued in its outbox (the job queue's table), oldest first: what the mail
   * relay will send. No relay runs in these tests (mail/relay.test.ts tests the sending).
   */
  queuedMail(): Promise<Mail[]>;
  /** The mails queued since the previous call (or since the app started). */
  newMail(): Promise<Mail[]>;
  /** An access token signed by the embedded identity service's own key, as it would issue it. */
  tokenFor(claims: TokenClaims): Promise<string>;
  close(): Promise<void>;
}

/** The whole server on a fresh database, without a port, for `app.inject()` tests. */
export async function createTestApp(overrides: Partial<Config> = {}, options: { logger?: FastifyServerOptions['logger'] } = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  // portal.test is not a loopback address: demo mode must be asked for by name (config.ts).
  const config: Config = {
    ...loadConfig({ DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://portal.test', WEB_DIST_DIR: '/nonexistent', DEMO_MODE: 'true' }),
    ...overrides,
  };
  const app = await buildApp({ config, database, logger: options.logger ?? false });
  await app.ready();
  let seen = 0;
  const [privateJwk] = (await loadSigningKeys(database.db)).privateJwks;
  if (!privateJwk) throw new Error('no signing key');
  return {
    app,
    database,
    config,
    queuedMail: () => queuedMail(database),
    async newMail() {
      const all = await queuedMail(database);
      const fresh = all.slice(seen);
      seen = all.length;
      return fresh;
    },
    async tokenFor(claims) {
      return signAccessToken(config, privateJwk, claims);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Mails of one transaction share their time: then by recipient, so the order is the same every run. */
async function queuedMail(database: Database): Promise<Mail[]> {
  const { rows } = await database.db.execute<{ data: Mail }>(
    sql`SELECT data FROM ${sql.identifier(jobQueueSchema)}.job WHERE name = ${queueNames.mail} ORDER BY created_on, data->>'to', id`,
  );
  return rows.map((row) => row.data);
}
