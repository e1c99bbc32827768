import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import { tokenRole, type PanelRole } from '@registrar-panel/contract';
import { buildApp } from '../app';
import { issuerOf, loadConfig, type Config } from '../config';
import type { Database } from '../db/database';
import { loadSigningKeys } from '../identity/signing-keys';
import type { Mail, Mailer } from '../mail/mailer';
import { openTestDatabase } from './test-database';

export interface TokenClaims {
  username: string;
  roles?: PanelRole[];
  firstName?: string;
  lastName?: string;
  email?: string;
  /** Seconds until expiry; negative for an expired token. */
  expiresIn?: number;
}

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
  const config: Config = { ...loadConfig({ DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://portal.test', WEB_DIST_DIR: '/nonexistent' }), ...overrides };
  const sentMail: Mail[] = [];
  const mailer = options.mailer ?? { send: async (mail: Mail) => void sentMail.push(mail) };
  const app = await buildApp({ config, database, mailer, logger: false });
  await app.ready();
  const [privateJwk] = (await loadSigningKeys(database.db)).privateJwks;
  if (!privateJwk) throw new Error('no signing key');
  const key = await importJWK(privateJwk, 'RS256');
  return {
    app,
    database,
    config,
    sentMail,
    async tokenFor(claims) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        preferred_username: claims.username,
        given_name: claims.firstName ?? 'Test',
        family_name: claims.lastName ?? 'User',
        email: claims.email ?? 'test.user@example.com',
        azp: config.identity.clientId,
        realm_access: { roles: (claims.roles ?? ['SUPPORT', 'TECH', 'FINANCE', 'ADMIN']).map(tokenRole) },
      })
        .setProtectedHeader({ alg: 'RS256', kid: privateJwk.kid })
        .setIssuer(issuerOf(config))
        .setSubject(claims.username)
        .setAudience('account')
        .setIssuedAt(now)
        .setExpirationTime(now + (claims.expiresIn ?? 300))
        .sign(key);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
