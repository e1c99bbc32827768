import { z } from 'zod';

/*
 * The environment variables with a closed shape, checked once before the configuration is built:
 * a typo or a wrong kind of value stops the start with one line per variable, naming it and what
 * it expects (config.ts reads the values afterwards; the README's table lists every variable).
 * An empty variable counts as unset.
 */

const wholeNumber = (min: number, max: number, what: string) =>
  z.string().refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, { message: `must be ${what}` });

const urlWith = (schemes: readonly string[], what: string) =>
  z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol.slice(0, -1));
      } catch {
        return false;
      }
    },
    { message: `must be ${what}` },
  );

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { message: `must be one of ${values.join(', ')}` });

/** 32 bytes as 64 hex digits or as base64. */
const encryptionKey = z.string().refine((value) => /^[0-9a-f]{64}$/i.test(value) || Buffer.from(value, 'base64').length === 32, {
  message: 'must be 32 bytes, as 64 hex digits or in base64 (e.g. openssl rand -hex 32)',
});

export const settingsSchema = z.object({
  PORT: wholeNumber(1, 65_535, 'a port number from 1 to 65535').optional(),
  PUBLIC_URL: urlWith(['http', 'https'], 'an http:// or https:// address').optional(),
  DATABASE_URL: urlWith(['postgres', 'postgresql'], 'a postgres:// connection string').optional(),
  DEMO_MODE: oneOf(['true', 'false']).optional(),
  WEB_SOURCE_MAPS: oneOf(['true', 'false']).optional(),
  IDENTITY_MODE: oneOf(['embedded', 'keycloak']).optional(),
  OIDC_AUTH_URL: urlWith(['http', 'https'], "an http:// or https:// address (the identity service's base URL)").optional(),
  RECENT_AUTHENTICATION_MINUTES: wholeNumber(1, 1440, 'minutes, a whole number from 1 to 1440').optional(),
  TOTP_ENCRYPTION_KEY: encryptionKey.optional(),
  SMTP_URL: urlWith(['smtp', 'smtps'], 'an smtp:// or smtps:// address').optional(),
  REDIS_URL: urlWith(['redis', 'rediss'], 'a redis:// or rediss:// address').optional(),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  DATABASE_POOL_SIZE: wholeNumber(1, 1000, 'a whole number of connections from 1 to 1000').optional(),
  DATABASE_STATEMENT_TIMEOUT: wholeNumber(0, 86_400_000, 'milliseconds, a whole number (0: no limit)').optional(),
  SMTP_TIMEOUT: wholeNumber(100, 600_000, 'milliseconds, a whole number from 100').optional(),
  SHUTDOWN_DELAY: wholeNumber(0, 600_000, 'milliseconds, a whole number').optional(),
  SHUTDOWN_TIMEOUT: wholeNumber(0, 600_000, 'milliseconds, a whole number').optional(),
  // Up to 256 MiB: one JavaScript string holds at most about 512 MiB.
  FEED_MAX_LINE_BYTES: wholeNumber(1, 268_435_456, 'bytes, a whole number from 1 to 268435456 (256 MiB)').optional(),
  MAIL_RETRY_DELAY: wholeNumber(1, 3600, 'seconds, a whole number from 1 to 3600').optional(),
  AUDIT_RETENTION_DAYS: wholeNumber(1, 36_500, 'days, a whole number from 1').optional(),
  SIGN_IN_RETENTION_DAYS: wholeNumber(1, 36_500, 'days, a whole number from 1').optional(),
  MAIL_RETENTION_DAYS: wholeNumber(1, 36_500, 'days, a whole number from 1').optional(),
  PASSWORD_HASH_CONCURRENCY: wholeNumber(0, 10_000, 'a whole number').optional(),
  PASSWORD_HASH_QUEUE: wholeNumber(0, 100_000, 'a whole number').optional(),
  // A bearer token: one word of printable characters, long enough that guessing it is hopeless.
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,}$/, { message: 'must be at least 32 printable characters without spaces (e.g. openssl rand -hex 32)' })
    .optional(),
});

export type Settings = z.infer<typeof settingsSchema>;

/** The checked variables, or an error naming every refused one with the value it had. */
export function checkedSettings(env: NodeJS.ProcessEnv): Settings {
  const present = Object.fromEntries(Object.keys(settingsSchema.shape).flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
  const result = settingsSchema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    // Secrets are named, never repeated.
    const shown = /KEY|SECRET|PASSWORD|TOKEN|URL$/.test(name) && name !== 'PUBLIC_URL' && name !== 'OIDC_AUTH_URL' ? '' : `, not "${String(present[name])}"`;
    return `${name} ${issue.message}${shown}`;
  });
  throw new Error(problems.join('; '));
}
