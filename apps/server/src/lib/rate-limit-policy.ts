/**
 * Every request limit of the portal, in one place: what it counts, its default, and the variable
 * an operator sets to change it (README, docs/authorization.md). A limit reads `COUNT/WINDOW`
 * (`30/15m`: 30 requests per 15 minutes; windows in s, m or h) or `off`.
 *
 * A route's limits are checked in order, narrowest first (address before account at sign-in, user
 * before registrar for the EPP password), and a request one refuses is not counted by the next:
 * one address, or one user, cannot use up an allowance shared with others, because each shared
 * default is above what one of them can reach in its window.
 */
export const rateLimitPolicy = {
  signInPerIp: { variable: 'RATE_LIMIT_SIGN_IN_PER_IP', default: '30/15m', counts: 'sign-in form posts (password, one-time code, enrolment) from one address' },
  // High on purpose: the lockout (PostgreSQL, per address and from everywhere) is what stops guessing
  // one account; this only caps the noise, and a lower value would let two addresses keep the owner out.
  signInPerAccount: { variable: 'RATE_LIMIT_SIGN_IN_PER_ACCOUNT', default: '300/15m', counts: 'sign-in form posts for one username, from any address' },
  signInStartPerIp: {
    variable: 'RATE_LIMIT_SIGN_IN_START_PER_IP',
    default: '300/15m',
    counts: 'sign-in starts (the authorization and pushed-authorization endpoints) from one address; each keeps a row for 30 minutes',
  },
  // A browser uses these a few times an hour (a refresh when a call needs a token, the logout); one
  // address flooding them slowed everyone's sign-in and API, and each logout started stored a row.
  identityTokenPerIp: {
    variable: 'RATE_LIMIT_IDENTITY_TOKEN_PER_IP',
    default: '120/1m',
    counts: "the identity service's token, revocation, userinfo and logout requests from one address",
  },
  accountLinkPerIp: {
    variable: 'RATE_LIMIT_ACCOUNT_LINK_PER_IP',
    default: '30/15m',
    counts: 'activation and reset link pages (GET and POST) from one address',
  },
  accountLinkPerLink: { variable: 'RATE_LIMIT_ACCOUNT_LINK_PER_LINK', default: '20/15m', counts: 'uses of one activation or reset link, from any address' },
  resetMailPerIp: {
    variable: 'RATE_LIMIT_RESET_MAIL_PER_IP',
    default: '20/1h',
    counts: 'reset mails asked for (DELETE /services/me/password) from one address',
  },
  resetMailPerAccount: { variable: 'RATE_LIMIT_RESET_MAIL_PER_ACCOUNT', default: '5/1h', counts: 'reset mails asked for by one user' },
  forgotPasswordPerIp: {
    variable: 'RATE_LIMIT_FORGOT_PASSWORD_PER_IP',
    default: '10/15m',
    counts: "'Forgot password?' requests on the sign-in page from one address",
  },
  // Counted for every typed username, known or not, so a refusal says nothing about the account.
  forgotPasswordPerUsername: {
    variable: 'RATE_LIMIT_FORGOT_PASSWORD_PER_USER',
    default: '3/1h',
    counts: "'Forgot password?' requests for one username, from any address",
  },
  eppPasswordPerUser: { variable: 'RATE_LIMIT_EPP_PASSWORD_PER_USER', default: '5/1h', counts: 'EPP password changes tried by one user, right or wrong' },
  eppPasswordPerRegistrar: {
    variable: 'RATE_LIMIT_EPP_PASSWORD_PER_REGISTRAR',
    default: '20/1h',
    counts: "EPP password changes tried on one registrar's password",
  },
  userCreationPerIp: { variable: 'RATE_LIMIT_USER_CREATION_PER_IP', default: '60/1h', counts: 'users created (POST /services/users) from one address' },
  userCreationPerUser: { variable: 'RATE_LIMIT_USER_CREATION_PER_USER', default: '30/1h', counts: 'users created by one administrator' },
  // Each creation mails the technical contact and every ADMIN: a loop of creations must not flood them.
  apiKeyCreationPerUser: { variable: 'RATE_LIMIT_API_KEY_CREATION_PER_USER', default: '20/1h', counts: 'API keys created by one administrator' },
  // Each upload, replacement or removal of an EPP client certificate mails the technical contact and every ADMIN.
  eppCertificatePerUser: {
    variable: 'RATE_LIMIT_EPP_CERTIFICATE_PER_USER',
    default: '20/1h',
    counts: 'EPP client certificates uploaded, replaced or removed by one user, accepted or refused',
  },
  eppCertificatePerRegistrar: {
    variable: 'RATE_LIMIT_EPP_CERTIFICATE_PER_REGISTRAR',
    default: '50/1h',
    counts: 'EPP client certificates uploaded, replaced or removed for one registrar, by all its users',
  },
  // Each request mails every ADMIN of the registrar a link (issue 31): a loop must not flood them.
  eppResetLinkPerUser: { variable: 'RATE_LIMIT_EPP_LINK_PER_USER', default: '3/1h', counts: 'EPP password reset links asked for by one user' },
  eppResetLinkPerRegistrar: {
    variable: 'RATE_LIMIT_EPP_LINK_PER_REGISTRAR',
    default: '10/1h',
    counts: "EPP password reset links asked for by all of one registrar's users",
  },
  servicesPerIp: { variable: 'RATE_LIMIT_SERVICES_PER_IP', default: '1200/1m', counts: 'every /services request from one address, signed in or not' },
  servicesPerUser: { variable: 'RATE_LIMIT_SERVICES_PER_USER', default: '600/1m', counts: 'every /services request of one signed-in user' },
  // Counted instead of the user's limit for a request made with an API key (a key is no user); below a
  // user's on purpose: a script has the CSV exports for bulk reads and needs no browser's bursts.
  servicesPerApiKey: { variable: 'RATE_LIMIT_SERVICES_PER_API_KEY', default: '300/1m', counts: 'every /services request made with one API key' },
} as const;

export type RateLimitName = keyof typeof rateLimitPolicy;

/** At most `max` requests per window of `windowMs`; a window starts at its first request. */
export interface Limit {
  max: number;
  windowMs: number;
}

/** Each limit as configured; `null` when an operator switched it off. */
export type RateLimits = Record<RateLimitName, Limit | null>;

const windowUnitsMs = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** Reads `COUNT/WINDOW` (`30/15m`, `600/1m`, `5/1h`) or `off`; throws, naming the variable, on anything else. */
export function parseLimit(text: string, variable: string): Limit | null {
  const value = text.trim().toLowerCase();
  if (value === 'off') return null;
  const match = /^(\d+)\s*\/\s*(\d*)\s*([smh])$/.exec(value);
  const max = Number(match?.[1]);
  const windowMs = Number(match?.[2] || 1) * windowUnitsMs[(match?.[3] ?? 's') as keyof typeof windowUnitsMs];
  if (!match || max < 1 || windowMs < 1000) throw new Error(`${variable} must be COUNT/WINDOW (e.g. 30/15m, 600/1m, 5/1h) or off, not '${text}'`);
  return { max, windowMs };
}

/** The limits from the environment, each variable unset taking its default. */
export function loadRateLimits(env: NodeJS.ProcessEnv): RateLimits {
  const entries = Object.entries(rateLimitPolicy).map(([name, rule]) => [name, parseLimit(env[rule.variable] || rule.default, rule.variable)]);
  return Object.fromEntries(entries) as RateLimits;
}
