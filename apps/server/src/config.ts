import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { eppCertificateRules, reconciliationLimits } from '@registrar-panel/contract';
import { isLoopbackHostname, parseTrustProxy, type TrustProxy } from './lib/addresses';
import { encryptionKey, flag, oneOf, presentVariables, refusals, urlListWith, urlWith, wholeNumber } from './lib/env-rules';
import { parseLimit, rateLimitPolicy, type RateLimits } from './lib/rate-limit-policy';

/*
 * The configuration is the output of one schema over the environment: each variable is read once,
 * by its rule (lib/env-rules.ts), with its default here; then the rules between variables. A typo
 * or a wrong kind of value stops the start with one line per variable, naming it and what it
 * expects (the README's table lists every variable).
 */

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
  database: {
    poolSize: number;
    statementTimeoutMs: number;
    /**
     * DATABASE_DIRECT_URL: the server itself, past any pooler, for what holds session state (the
     * migrator's advisory lock, the feed importer's bulk session, the seed, the command-line tools).
     */
    directUrl: string | undefined;
    /** DATABASE_POOLER=transaction: DATABASE_URL is a PgBouncer in transaction mode (no named statements, no startup options). */
    pooler: 'none' | 'transaction';
    /** Streaming replicas the lag-tolerant reads may use (db/read-replicas.ts). */
    replicaUrls: string[];
    /** A replica further behind than this (seconds) is left out until it catches up. */
    replicaMaxLagSeconds: number;
  };
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
  /**
   * The longest validity (notBefore to notAfter, in days) an uploaded EPP client certificate may have;
   * checked at upload only, so lowering it never invalidates a certificate already accepted.
   */
  eppCertMaxValidityDays: number;
  /** Days after which an EPP password is too old (`EPP_PASSWORD_MAX_AGE_DAYS`). */
  eppPasswordMaxAgeDays: number;
  /** WEBHOOKS_ALLOW_HTTP_LOOPBACK: webhook endpoints may be plain http:// to this machine (demo, tests); never to anything else. */
  webhooksAllowHttpLoopback: boolean;
  /**
   * PERSONAL_DATA_LOG: whether answers of routes marked `personalData` are recorded (on unless set to
   * false). Off only to measure what the log costs (`npm run bench:search -- --no-personal-data-log`):
   * a deployment keeps it on, and the start warns when it is off.
   */
  personalDataLog: boolean;
  /** The largest reconciliation upload, in bytes (`RECONCILIATION_MAX_BYTES`, 200 MiB by default): 413 beyond. */
  reconciliationMaxBytes: number;
}

/** How the relay retries a mail it could not hand to the SMTP server (mail/outbox.ts). */
export interface MailRetryPolicy {
  /** Attempts after the first. */
  retryLimit: number;
  /** The first wait; each further wait doubles (pg-boss's backoff, with jitter). */
  retryDelaySeconds: number;
}

/**
 * Twelve retries from 10 s doubling: the last attempt comes about a day after the first, long
 * enough for a relay outage to be repaired, short enough that a reset link (valid 12 h) is not
 * delivered pointlessly late after that.
 */
export const defaultMailRetry: MailRetryPolicy = { retryLimit: 12, retryDelaySeconds: 10 };

/** How long rows that only grow are kept, in days (jobs/retention.ts). */
export interface RetentionPolicy {
  /** The audit trail; two years unless configured. */
  auditDays: number;
  /** Sign-in attempts, and the lockout counters of accounts with no failure for as long. */
  signInDays: number;
  /** Sent mail in the queue's archive, and the demo's mailbox. */
  mailDays: number;
  /** EPP connection events from the registry data feed (their monthly partitions, db/monthly-partitions.ts). */
  eppEventsDays: number;
  /** The event stream (modules/events/), which webhooks deliver from; by month. */
  eventsDays: number;
  /** Webhooks' delivery log; by month. */
  webhookAttemptsDays: number;
  /** The registry's messages from the feed, and users' read marks on them; by month. */
  messagesDays: number;
  /** The personal-data log (modules/personal-data-log/): who looked at registrants' and contacts' data; by month, two years unless configured. */
  personalDataDays: number;
  /** The change record the importer writes (feed/change-record.ts), which rules and the history read; by month. */
  registrationChangesDays: number;
  /**
   * The registrations' past (feed/registration-versions.ts): a month of closed versions is dropped once
   * every version in it ended longer ago; open versions never are. Seven years unless configured.
   */
  registrationHistoryDays: number;
  /** Notification rules' hits (modules/notification-rules/); by month. */
  ruleHitsDays: number;
  /** Reconciliation runs and their results (modules/reconciliation/); the results by month. */
  reconciliationDays: number;
}

export const defaultRetention: RetentionPolicy = {
  auditDays: 730,
  signInDays: 365,
  mailDays: 7,
  eppEventsDays: 90,
  eventsDays: 90,
  webhookAttemptsDays: 30,
  messagesDays: 365,
  personalDataDays: 730,
  registrationChangesDays: 400,
  // Seven years, leap days included.
  registrationHistoryDays: 2557,
  ruleHitsDays: 365,
  reconciliationDays: reconciliationLimits.retentionDays,
};

/** After this many days an EPP password is too old: its registrar's ADMIN users are mailed once (issue 31). */
export const defaultEppPasswordMaxAgeDays = 365;

/**
 * The longest line the feed reads (FEED_MAX_LINE_BYTES), in bytes without its line break. Well
 * above any real entity (a registration is about 1 kB) and far below what one JavaScript string
 * can hold (about 512 MiB), which a longer line would crash the run on.
 */
export const defaultFeedMaxLineBytes = 16 * 1024 * 1024;

/** Fixed, public key for demo mode only; production must set TOTP_ENCRYPTION_KEY (checked at start). */
const demoTotpKey = '6465-6d6f-2d6f-6e6c-79'.replace(/-/g, '').padEnd(64, '0');

const text = z.string();
const httpUrl = urlWith(['http', 'https'], 'an http:// or https:// address');
const days = wholeNumber(1, 36_500, 'days, a whole number from 1');

/** One field per request limit, `COUNT/WINDOW` or `off` (lib/rate-limit-policy.ts names them and their defaults). */
const rateLimitFields = Object.fromEntries(
  Object.values(rateLimitPolicy).map((rule) => [
    rule.variable,
    text
      .transform((value, context) => {
        try {
          return parseLimit(value, rule.variable);
        } catch (error) {
          context.addIssue({ code: 'custom', message: (error as Error).message.replace(`${rule.variable} `, '') });
          return z.NEVER;
        }
      })
      .optional(),
  ]),
);

/** Every variable the server reads, with its rule; unset ones are `undefined` until the defaults below. */
export const variablesSchema = z.object({
  PORT: wholeNumber(1, 65_535, 'a port number from 1 to 65535').optional(),
  HOST: text.optional(),
  PUBLIC_URL: httpUrl.optional(),
  DATABASE_URL: urlWith(['postgres', 'postgresql'], 'a postgres:// connection string').optional(),
  DATABASE_DIRECT_URL: urlWith(['postgres', 'postgresql'], 'a postgres:// connection string').optional(),
  DATABASE_REPLICA_URLS: urlListWith(['postgres', 'postgresql'], 'postgres:// connection strings separated by commas').optional(),
  DATABASE_REPLICA_MAX_LAG: wholeNumber(1, 3600, 'seconds, a whole number from 1 to 3600').optional(),
  DATABASE_POOLER: oneOf(['none', 'transaction']).optional(),
  DATA_DIR: text.optional(),
  DEMO_MODE: flag.optional(),
  TRUST_PROXY: text.optional(),
  TLD: text.regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i, { message: 'must be a top-level domain without its dot, such as be' }).optional(),
  NEWS_URL: httpUrl.optional(),
  REGISTRATION_GUIDELINES_URL: httpUrl.optional(),
  SUPPORT_EMAIL: text.optional(),
  IDENTITY_MODE: oneOf(['embedded', 'keycloak']).optional(),
  OIDC_AUTH_URL: urlWith(['http', 'https'], "an http:// or https:// address (the identity service's base URL)").optional(),
  OIDC_REALM: text.optional(),
  OIDC_CLIENT_ID: text.optional(),
  OIDC_DIRECTORY_CLIENT_ID: text.optional(),
  OIDC_DIRECTORY_CLIENT_SECRET: text.optional(),
  RECENT_AUTHENTICATION_MINUTES: wholeNumber(1, 1440, 'minutes, a whole number from 1 to 1440').optional(),
  TOTP_ENCRYPTION_KEY: encryptionKey.optional(),
  SMTP_URL: urlWith(['smtp', 'smtps'], 'an smtp:// or smtps:// address').optional(),
  MAIL_FROM: text.optional(),
  REDIS_URL: urlWith(['redis', 'rediss'], 'a redis:// or rediss:// address').optional(),
  REDIS_KEY_PREFIX: text.optional(),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST_DIR: text.optional(),
  WEB_SOURCE_MAPS: flag.optional(),
  DATABASE_POOL_SIZE: wholeNumber(1, 1000, 'a whole number of connections from 1 to 1000').optional(),
  DATABASE_STATEMENT_TIMEOUT: wholeNumber(0, 86_400_000, 'milliseconds, a whole number (0: no limit)').optional(),
  SMTP_TIMEOUT: wholeNumber(100, 600_000, 'milliseconds, a whole number from 100').optional(),
  SHUTDOWN_DELAY: wholeNumber(0, 600_000, 'milliseconds, a whole number').optional(),
  SHUTDOWN_TIMEOUT: wholeNumber(0, 600_000, 'milliseconds, a whole number').optional(),
  // Up to 256 MiB: one JavaScript string holds at most about 512 MiB.
  FEED_MAX_LINE_BYTES: wholeNumber(1, 268_435_456, 'bytes, a whole number from 1 to 268435456 (256 MiB)').optional(),
  MAIL_RETRY_DELAY: wholeNumber(1, 3600, 'seconds, a whole number from 1 to 3600').optional(),
  AUDIT_RETENTION_DAYS: days.optional(),
  SIGN_IN_RETENTION_DAYS: days.optional(),
  MAIL_RETENTION_DAYS: days.optional(),
  EPP_EVENTS_RETENTION_DAYS: days.optional(),
  MESSAGES_RETENTION_DAYS: days.optional(),
  REGISTRATION_CHANGES_RETENTION_DAYS: days.optional(),
  REGISTRATION_HISTORY_RETENTION_DAYS: days.optional(),
  RULE_HITS_RETENTION_DAYS: days.optional(),
  EPP_CERT_MAX_VALIDITY_DAYS: days.optional(),
  EPP_PASSWORD_MAX_AGE_DAYS: days.optional(),
  EVENTS_RETENTION_DAYS: days.optional(),
  WEBHOOK_LOG_RETENTION_DAYS: days.optional(),
  PERSONAL_DATA_LOG_RETENTION_DAYS: days.optional(),
  PERSONAL_DATA_LOG: flag.optional(),
  WEBHOOKS_ALLOW_HTTP_LOOPBACK: flag.optional(),
  // Up to 10 GiB: the file streams into the database and is never held whole.
  RECONCILIATION_MAX_BYTES: wholeNumber(1024, 10_737_418_240, 'bytes, a whole number from 1024 to 10737418240 (10 GiB)').optional(),
  RECONCILIATION_RETENTION_DAYS: days.optional(),
  PASSWORD_HASH_CONCURRENCY: wholeNumber(0, 10_000, 'a whole number').optional(),
  PASSWORD_HASH_QUEUE: wholeNumber(0, 100_000, 'a whole number').optional(),
  // A bearer token: one word of printable characters, long enough that guessing it is hopeless.
  METRICS_TOKEN: text
    .regex(/^[\x21-\x7e]{32,}$/, { message: 'must be at least 32 printable characters without spaces (e.g. openssl rand -hex 32)' })
    .optional(),
  ...rateLimitFields,
});

type Variables = z.output<typeof variablesSchema>;

/** The rules between variables; a broken one stops the start with its own sentence. */
function checkTogether(v: Variables, publicUrl: string, demoMode: boolean, context: z.RefinementCtx): void {
  // Known passwords and a public two-step key: an implied demo (no DATABASE_URL) serves this machine only.
  if (demoMode && v.DEMO_MODE === undefined && !isLoopbackHostname(new URL(publicUrl).hostname)) {
    context.addIssue({
      code: 'custom',
      message: `Demo mode (DATABASE_URL unset) runs on a loopback PUBLIC_URL only, not ${publicUrl}: set DATABASE_URL for a deployment, or DEMO_MODE=true to show the demo there on purpose`,
    });
  }
  // The embedded server has no replicas and no pooler in front of it.
  for (const name of ['DATABASE_DIRECT_URL', 'DATABASE_REPLICA_URLS', 'DATABASE_POOLER'] as const) {
    if (v[name] !== undefined && !v.DATABASE_URL)
      context.addIssue({ code: 'custom', message: `${name} needs DATABASE_URL (the primary, or the pooler in front of it)` });
  }
  if (v.DATABASE_POOLER === 'transaction' && v.DEMO_MODE === true) {
    context.addIssue({
      code: 'custom',
      message:
        'DEMO_MODE=true with DATABASE_POOLER=transaction: the demo seed at start holds a session lock, which a pooler in transaction mode cannot keep; load the demo with `npm run seed` (it connects to DATABASE_DIRECT_URL) instead',
    });
  }
  if (v.IDENTITY_MODE === 'keycloak' && !v.OIDC_DIRECTORY_CLIENT_SECRET) {
    context.addIssue({
      code: 'custom',
      message:
        "IDENTITY_MODE=keycloak needs OIDC_DIRECTORY_CLIENT_SECRET: the secret of the realm's registrar-panel-directory client (README: Run against Keycloak)",
    });
  }
}

/** The variables, read, as the configuration: the defaults the README lists fill what is unset. */
const configSchema = variablesSchema.transform((v, context): Config => {
  const port = v.PORT ?? 8080;
  const publicUrl = (v.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const databaseUrl = v.DATABASE_URL;
  const demoMode = v.DEMO_MODE ?? !databaseUrl;
  checkTogether(v, publicUrl, demoMode, context);
  // The public demo key only for the embedded demo database; a server database may hold real secrets.
  const totpEncryptionKey = v.TOTP_ENCRYPTION_KEY ?? (demoMode && !databaseUrl ? demoTotpKey : '');
  if (!totpEncryptionKey) context.addIssue({ code: 'custom', message: 'TOTP_ENCRYPTION_KEY must be set outside demo mode and whenever DATABASE_URL is set' });
  let trustProxy: TrustProxy = false;
  try {
    trustProxy = parseTrustProxy(v.TRUST_PROXY);
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
  }
  const limit = (name: keyof RateLimits) => {
    const rule = rateLimitPolicy[name];
    const set = (v as Record<string, ReturnType<typeof parseLimit> | undefined>)[rule.variable];
    return set === undefined ? parseLimit(rule.default, rule.variable) : set; // `off` is null, not unset
  };
  return {
    port,
    host: v.HOST ?? '0.0.0.0',
    publicUrl,
    databaseUrl,
    dataDir: resolve(v.DATA_DIR ?? './data'),
    demoMode,
    trustProxy,
    tld: v.TLD ?? 'be',
    newsUrl: v.NEWS_URL ?? 'https://www.registry.example/news',
    registrationGuidelinesUrl: v.REGISTRATION_GUIDELINES_URL ?? 'https://www.registry.example/registration-guidelines',
    supportEmail: v.SUPPORT_EMAIL ?? 'support@registry.example',
    identity: {
      mode: v.IDENTITY_MODE ?? 'embedded',
      authUrl: (v.OIDC_AUTH_URL ?? `${publicUrl}/auth`).replace(/\/$/, ''),
      realm: v.OIDC_REALM ?? 'registrar-panel',
      clientId: v.OIDC_CLIENT_ID ?? 'registrar-panel-web',
      directoryClient: { clientId: v.OIDC_DIRECTORY_CLIENT_ID ?? 'registrar-panel-directory', clientSecret: v.OIDC_DIRECTORY_CLIENT_SECRET ?? '' },
      recentAuthenticationSeconds: (v.RECENT_AUTHENTICATION_MINUTES ?? 15) * 60,
    },
    totpEncryptionKey,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM ?? 'Registrar Panel <no-reply@registry.example>',
    logLevel: v.LOG_LEVEL ?? 'info',
    webDistDir: resolve(v.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    webSourceMaps: v.WEB_SOURCE_MAPS ?? false,
    rateLimits: Object.fromEntries(Object.keys(rateLimitPolicy).map((name) => [name, limit(name as keyof RateLimits)])) as RateLimits,
    redisUrl: v.REDIS_URL,
    redisKeyPrefix: v.REDIS_KEY_PREFIX ?? `registrar-panel:${new URL(publicUrl).host}:`,
    passwordWork: {
      // Half the cores: a flood of sign-ins then leaves the other half to everyone else's requests.
      maxRunning: Math.max(1, v.PASSWORD_HASH_CONCURRENCY ?? Math.floor(availableParallelism() / 2)),
      maxWaiting: v.PASSWORD_HASH_QUEUE ?? 32,
    },
    database: {
      poolSize: v.DATABASE_POOL_SIZE ?? 10,
      // Off by default: the domain report streams for as long as the browser takes to read it.
      statementTimeoutMs: v.DATABASE_STATEMENT_TIMEOUT ?? 0,
      directUrl: v.DATABASE_DIRECT_URL ?? databaseUrl,
      pooler: v.DATABASE_POOLER ?? 'none',
      replicaUrls: v.DATABASE_REPLICA_URLS ?? [],
      replicaMaxLagSeconds: v.DATABASE_REPLICA_MAX_LAG ?? 30,
    },
    smtpTimeoutMs: v.SMTP_TIMEOUT ?? 10_000,
    shutdownDelayMs: v.SHUTDOWN_DELAY ?? 0,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT ?? 10_000,
    feedMaxLineBytes: v.FEED_MAX_LINE_BYTES ?? defaultFeedMaxLineBytes,
    mailRetry: { ...defaultMailRetry, retryDelaySeconds: v.MAIL_RETRY_DELAY ?? defaultMailRetry.retryDelaySeconds },
    retention: {
      auditDays: v.AUDIT_RETENTION_DAYS ?? defaultRetention.auditDays,
      signInDays: v.SIGN_IN_RETENTION_DAYS ?? defaultRetention.signInDays,
      mailDays: v.MAIL_RETENTION_DAYS ?? defaultRetention.mailDays,
      eppEventsDays: v.EPP_EVENTS_RETENTION_DAYS ?? defaultRetention.eppEventsDays,
      eventsDays: v.EVENTS_RETENTION_DAYS ?? defaultRetention.eventsDays,
      webhookAttemptsDays: v.WEBHOOK_LOG_RETENTION_DAYS ?? defaultRetention.webhookAttemptsDays,
      messagesDays: v.MESSAGES_RETENTION_DAYS ?? defaultRetention.messagesDays,
      personalDataDays: v.PERSONAL_DATA_LOG_RETENTION_DAYS ?? defaultRetention.personalDataDays,
      registrationChangesDays: v.REGISTRATION_CHANGES_RETENTION_DAYS ?? defaultRetention.registrationChangesDays,
      registrationHistoryDays: v.REGISTRATION_HISTORY_RETENTION_DAYS ?? defaultRetention.registrationHistoryDays,
      ruleHitsDays: v.RULE_HITS_RETENTION_DAYS ?? defaultRetention.ruleHitsDays,
      reconciliationDays: v.RECONCILIATION_RETENTION_DAYS ?? defaultRetention.reconciliationDays,
    },
    personalDataLog: v.PERSONAL_DATA_LOG ?? true,
    metricsToken: v.METRICS_TOKEN,
    eppCertMaxValidityDays: v.EPP_CERT_MAX_VALIDITY_DAYS ?? eppCertificateRules.defaultMaxValidityDays,
    eppPasswordMaxAgeDays: v.EPP_PASSWORD_MAX_AGE_DAYS ?? defaultEppPasswordMaxAgeDays,
    // Off unless set, but on in demo mode: the demo's receiver runs on this machine.
    webhooksAllowHttpLoopback: v.WEBHOOKS_ALLOW_HTTP_LOOPBACK ?? demoMode,
    reconciliationMaxBytes: v.RECONCILIATION_MAX_BYTES ?? reconciliationLimits.defaultMaxBytes,
  };
});

/** The configuration from the environment; throws one sentence per refused variable or broken rule. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = presentVariables(env, Object.keys(variablesSchema.shape));
  const result = configSchema.safeParse(present);
  if (!result.success) throw new Error(refusals(result.error, present));
  return result.data;
}

export function issuerOf(config: Config): string {
  return `${config.identity.authUrl}/realms/${config.identity.realm}`;
}
