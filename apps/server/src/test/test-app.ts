import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/database';
import { loadSigningKeys } from '../identity/provider/signing-keys';
import { signAccessToken, type TokenClaims } from '../identity/testing/access-tokens';
import type { Mail, Mailer } from '../mail/mailer';
import { openTestDatabase } from './test-database';

export type { TokenClaims } from '../identity/testing/access-tokens';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Mail the app sent, in order (the test mailer keeps it in memory). */
  sentMail: Mail[];
  /** An access token signed by the embedded identity service's own key, as it would issue it. */
  tokenFor(claims: TokenClaims): Promise<string>;
  close(): Promise<void>;
}

/** The whole server on a fresh database, without a port, for `app.inject()` tests. */
export async function createTestApp(overrides: Partial<Config> = {}, options: { mailer?: Mailer } = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  // portal.test is not a loopback address: demo mode must be asked for by name (config.ts).
  const config: Config = {
    ...loadConfig({ DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://portal.test', WEB_DIST_DIR: '/nonexistent', DEMO_MODE: 'true' }),
    ...overrides,
  };
  const sentMail: Mail[] = [];
  const mailer = options.mailer ?? { send: async (mail: Mail) => void sentMail.push(mail) };
  const app = await buildApp({ config, database, mailer, logger: false });
  await app.ready();
  const [privateJwk] = (await loadSigningKeys(database.db)).privateJwks;
  if (!privateJwk) throw new Error('no signing key');
  return {
    app,
    database,
    config,
    sentMail,
    async tokenFor(claims) {
      return signAccessToken(config, privateJwk, claims);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
