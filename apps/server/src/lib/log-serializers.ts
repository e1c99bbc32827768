import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/*
 * What the server writes to its log about requests and errors: never a secret and never a value a
 * user typed. Links of activation/reset mails carry their key in the query, the logout endpoint an
 * ID token, the provider's endpoints codes and tokens; failed queries carry their parameters (names,
 * emails) in the error. These serializers are the one place that decides what of them is logged.
 */

export const redacted = '[redacted]';

/** Query parameters whose values are, or may be, secrets: any name holding one of these words. */
const secretParameterWords = [
  'token',
  'secret',
  'password',
  'passwd',
  'key',
  'code',
  'state',
  'hint',
  'assertion',
  'session',
  'otp',
  'nonce',
  'verifier',
  'signature',
  'ticket',
];

function isSecretParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return secretParameterWords.some((word) => lower.includes(word));
}

/**
 * The request target as logged: under the identity service's path (its pages and the OpenID
 * provider) the whole query string is replaced; elsewhere the values of secret-like parameters are.
 */
export function redactUrl(url: string, identityPath: string | undefined): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const path = url.slice(0, queryStart);
  if (identityPath !== undefined && (path === identityPath || path.startsWith(`${identityPath}/`))) return `${path}?${redacted}`;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is judged as written.
      }
      return isSecretParameter(name) ? `${pair.slice(0, eq)}=${redacted}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** What is logged of a request: no headers (so never Authorization or Cookie), the redacted URL. */
export function requestSerializer(identityPath: string | undefined) {
  return (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url, identityPath),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  });
}

export interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
  /** An SQLSTATE, a Node system error code or a Fastify error code. */
  code?: string | number;
  statusCode?: number;
  /** The SQL text of a failed query, placeholders and all; never its parameters. */
  sql?: string;
  constraint?: string;
  table?: string;
  column?: string;
  dataType?: string;
  routine?: string;
  cause?: LoggedError;
}

/** Properties of PostgreSQL errors that name things, never values (`detail`, `where` and `hint` can quote row data). */
const namingFields = ['constraint', 'table', 'column', 'dataType', 'routine'] as const;

/** PostgreSQL quotes the offending value in data exceptions (SQLSTATE class 22): `invalid input syntax for type uuid: "…"`. */
function safeMessage(error: Record<string, unknown>, message: string): string {
  // Drizzle appends the parameters to its message: keep only the statement.
  const withoutParameters = typeof error.query === 'string' ? `Failed query: ${error.query}` : message.replace(/\nparams:[\s\S]*$/, '');
  const isDataException = typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);
  return isDataException ? withoutParameters.replace(/"(?:[^"]|"")*"/g, `"${redacted}"`) : withoutParameters;
}

/**
 * An error as logged: its type, a message without parameter values, the stack frames (without the
 * message the stack repeats), the SQL text and the PostgreSQL error code, and its cause likewise.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  // A thrown non-error is described, not shown: it could be anything.
  if (!(error instanceof Error)) return { type: typeof error, message: 'a thrown non-error value', stack: '' };
  const fields = error as unknown as Record<string, unknown>;
  const type = error.constructor.name;
  const message = safeMessage(fields, error.message);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  if (typeof fields.code === 'string' || typeof fields.code === 'number') logged.code = fields.code;
  if (typeof fields.statusCode === 'number') logged.statusCode = fields.statusCode;
  if (typeof fields.query === 'string') logged.sql = fields.query;
  for (const name of namingFields) {
    if (typeof fields[name] === 'string') logged[name] = fields[name];
  }
  if (error.cause !== undefined && depth < 5) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

type LoggerOptions = FastifyServerOptions['logger'];

/**
 * Adds these serializers to Fastify's logger options (a `false` logger stays off). They apply to
 * every log line of the app: `req` on each request, `err` wherever an error is logged.
 */
export function withSafeLogSerializers(logger: LoggerOptions, identityPath: string | undefined): LoggerOptions {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestSerializer(identityPath), err: (error: Error) => serializeError(error) } };
}
