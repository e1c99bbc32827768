import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { checkedSettings } from './config-schema';
import { loadRateLimits, type RateLimits } from './lib/rate-limit-policy';
import { isLoopbackHostname, parseTrustProxy, type TrustProxy } from './lib/addresses';
import { defaultRetention, type RetentionPolicy } from './jobs/retention';
import { defaultMailRetry, type MailRetryPolicy } from './mail/outbox';
import { defaultFeedMaxLineBytes } from './feed/read-lines';

/** Everything the server reads from its environment, with the defaults the README lists. */
export interface Config {
  port: number;
  host: string;
  /** Address users reach the portal at; the identity service's issuer and mail links derive from it. */
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Demo mode loads demo registrars, users and data into an empty database and enables /dev/mail. */
  demoMode: boolean;
  /** TRUST_PROXY: who may set X-Forwarded-For (lib/addresses.ts); never the identity service's URLs. */
  trustProxy: TrustProxy;
  tld: string;
  newsUrl: string;
  registrationGuidelinesUrl: string;
  supportEmail: string;
  identity: {
    mode: 'embedded' | 'keycloak';
    /** Base URL of the identity service; the realm lives at `{authUrl}/realms/{realm}`. */
    authUrl: string;
    realm: string;
    clientId: string;
    /**
     * Keycloak mode: the realm's confidential client whose service account manages panel users
     * (the realm export's list: deploy/keycloak/README.md), and its secret.
     */
    directoryClient: { clientId: string; clientSecret: string };
    /**
     * RECENT_AUTHENTICATION_MINUTES, in seconds: how old a sign-in (the token's `auth_time`) may be
     * for a change that needs a recent one (plugins/recent-authentication.ts); the web app asks for
     * a new sign-in before it offers such a change.
     */
    recentAuthenticationSeconds: number;
  };
  /** 32-byte key (hex or base64) that encrypts TOTP secrets at rest. */
  totpEncryptionKey: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  /** Where the built web app is; served with history fallback. */
  webDistDir: string;
  /** WEB_SOURCE_MAPS: serve the web app's source maps (and point browsers at them); off, they answer 404. */
  webSourceMaps: boolean;
  /** Request limits (lib/rate-limit-policy.ts). */
  rateLimits: RateLimits;
  /** Redis that holds the limits' counters for every instance; unset: counted in this process. */
  redisUrl: string | undefined;
  /** Put before every Redis key, so that deployments sharing a Redis never share counters. */
  redisKeyPrefix: string;
  /** Password hashes (argon2) computed at once, and how many more may wait; beyond that: 503. */
  passwordWork: { maxRunning: number; maxWaiting: number };
  /** Connections to PostgreSQL per instance, and the longest a statement may run (0: no limit). */
  database: { poolSize: number; statementTimeoutMs: number };
  /** How long the portal waits for the SMTP server to connect, greet and answer. */
  smtpTimeoutMs: number;
  /** At SIGTERM: how long /health/ready answers 503 before the server stops taking connections. */
  shutdownDelayMs: number;
  /** After that: how long requests in flight may run to their end before their connections are closed. */
  shutdownTimeoutMs: number;
  /** `npm run feed` refuses a longer line (in bytes) and goes on with the next one. */
  feedMaxLineBytes: number;
  /** How the mail relay retries a mail the SMTP server did not take (mail/outbox.ts). */
  mailRetry: MailRetryPolicy;
  /** How long rows that only grow are kept (jobs/retention.ts). */
  retention: RetentionPolicy;
  /** Opens `/metrics` to requests carrying it as a bearer token; loopback needs none (modules/metrics/). A secret. */
  metricsToken: string | undefined;
}

/** Fixed, public key for demo mode only; production must set TOTP_ENCRYPTION_KEY (checked at start). */
const demoTotpKey = '6465-6d6f-2d6f-6e6c-79'.replace(/-/g, '').padEnd(64, '0');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Every closed-shape variable first: a typo stops the start naming the variable (config-schema.ts).
  const settings = checkedSettings(env);
  const port = Number(settings.PORT ?? 8080);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const databaseUrl = env.DATABASE_URL || undefined;
  const demoMode = env.DEMO_MODE === undefined ? !databaseUrl : env.DEMO_MODE === 'true';
  // Known passwords and a public two-step key: an implied demo (no DATABASE_URL) serves this machine only.
  if (demoMode && env.DEMO_MODE === undefined && !isLoopbackHostname(new URL(publicUrl).hostname)) {
    throw new Error(
      `Demo mode (DATABASE_URL unset) runs on a loopback PUBLIC_URL only, not ${publicUrl}: set DATABASE_URL for a deployment, or DEMO_MODE=true to show the demo there on purpose`,
    );
  }
  const mode = settings.IDENTITY_MODE ?? 'embedded';
  const directoryClientSecret = env.OIDC_DIRECTORY_CLIENT_SECRET ?? '';
  if (mode === 'keycloak' && !directoryClientSecret) {
    throw new Error(
      "IDENTITY_MODE=keycloak needs OIDC_DIRECTORY_CLIENT_SECRET: the secret of the realm's registrar-panel-directory client (README: Run against Keycloak)",
    );
  }
  // The public demo key only for the embedded demo database; a server database may hold real secrets.
  const totpEncryptionKey = env.TOTP_ENCRYPTION_KEY ?? (demoMode && !databaseUrl ? demoTotpKey : '');
  if (!totpEncryptionKey) throw new Error('TOTP_ENCRYPTION_KEY must be set outside demo mode and whenever DATABASE_URL is set');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    databaseUrl,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    demoMode,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    tld: env.TLD ?? 'be',
    newsUrl: env.NEWS_URL ?? 'https://www.registry.example/news',
    registrationGuidelinesUrl: env.REGISTRATION_GUIDELINES_URL ?? 'https://www.registry.example/registration-guidelines',
    supportEmail: env.SUPPORT_EMAIL ?? 'support@registry.example',
    identity: {
      mode,
      authUrl: (env.OIDC_AUTH_URL ?? `${publicUrl}/auth`).replace(/\/$/, ''),
      realm: env.OIDC_REALM ?? 'registrar-panel',
      clientId: env.OIDC_CLIENT_ID ?? 'registrar-panel-web',
      directoryClient: { clientId: env.OIDC_DIRECTORY_CLIENT_ID ?? 'registrar-panel-directory', clientSecret: directoryClientSecret },
      recentAuthenticationSeconds: Number(settings.RECENT_AUTHENTICATION_MINUTES ?? 15) * 60,
    },
    totpEncryptionKey,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Registrar Panel <no-reply@registry.example>',
    logLevel: settings.LOG_LEVEL ?? 'info',
    webDistDir: resolve(env.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    webSourceMaps: settings.WEB_SOURCE_MAPS === 'true',
    rateLimits: loadRateLimits(env),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? `registrar-panel:${new URL(publicUrl).host}:`,
    passwordWork: {
      // Half the cores: a flood of sign-ins then leaves the other half to everyone else's requests.
      maxRunning: Math.max(1, Number(settings.PASSWORD_HASH_CONCURRENCY ?? Math.floor(availableParallelism() / 2))),
      maxWaiting: Number(settings.PASSWORD_HASH_QUEUE ?? 32),
    },
    database: {
      poolSize: Number(settings.DATABASE_POOL_SIZE ?? 10),
      // Off by default: the domain report streams for as long as the browser takes to read it.
      statementTimeoutMs: Number(settings.DATABASE_STATEMENT_TIMEOUT ?? 0),
    },
    smtpTimeoutMs: Number(settings.SMTP_TIMEOUT ?? 10_000),
    shutdownDelayMs: Number(settings.SHUTDOWN_DELAY ?? 0),
    shutdownTimeoutMs: Number(settings.SHUTDOWN_TIMEOUT ?? 10_000),
    feedMaxLineBytes: Number(settings.FEED_MAX_LINE_BYTES ?? defaultFeedMaxLineBytes),
    mailRetry: { ...defaultMailRetry, retryDelaySeconds: Number(settings.MAIL_RETRY_DELAY ?? defaultMailRetry.retryDelaySeconds) },
    retention: {
      auditDays: Number(settings.AUDIT_RETENTION_DAYS ?? defaultRetention.auditDays),
      signInDays: Number(settings.SIGN_IN_RETENTION_DAYS ?? defaultRetention.signInDays),
      mailDays: Number(settings.MAIL_RETENTION_DAYS ?? defaultRetention.mailDays),
    },
    metricsToken: settings.METRICS_TOKEN,
  };
}

export function issuerOf(config: Config): string {
  return `${config.identity.authUrl}/realms/${config.identity.realm}`;
}
