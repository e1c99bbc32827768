import type { MessageKey } from './messages';
import type { RegistrarStatus } from './registrar';

/*
 * What a registrar's status allows its users: the one home of the rule (docs/decisions.md,
 * "Registrar status: what it allows"). The registry sets the status through its data feed. The
 * API's gate and the embedded sign-in ask here on the server; the web asks the same questions to
 * disable what the API would refuse, so the two cannot disagree.
 */

/**
 * The statuses whose users may sign in and read. INITIAL is onboarding: the registrar sets up its
 * EPP access, contacts and users before going live. SUSPENDED users still read everything.
 */
export const signInStatuses: ReadonlySet<RegistrarStatus> = new Set(['INITIAL', 'ACTIVE', 'SUSPENDED']);

/** The statuses whose users may change data through the portal (contacts, EPP, users). */
export const changeStatuses: ReadonlySet<RegistrarStatus> = new Set(['INITIAL', 'ACTIVE']);

/** A `/services` call as the route table names it (`routeKey`): `PUT /registrar`, `DELETE /apiKeys/:id`. */
export type ServiceCall = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`;

/**
 * The changes a SUSPENDED registrar's users may still make, because they touch none of the
 * registrar's data: the user's own password reset mail (they still sign in), and revoking an API key
 * (the registrar's keys still read everything, so a key that leaked must stay stoppable), and the
 * user's own password, authenticator and sessions (My account: securing an account is never refused). The route
 * table marks these routes `allowedWhileSuspended` from this list, from which the server registers
 * them (apps/server/src/plugins/api-routes.ts).
 */
// Deleting a webhook endpoint: like a key, an address the registrar's events go to must stay stoppable.
export const changesAllowedWhileSuspended: readonly ServiceCall[] = [
  'DELETE /me/password',
  'PUT /me/language',
  'DELETE /apiKeys/:id',
  'DELETE /webhooks/:id',
  'PUT /me/password',
  'POST /me/totp',
  'PUT /me/totp',
  'DELETE /me/sessions/:sessionId',
  'DELETE /me/sessions',
  'POST /me/passkeys/options',
  'POST /me/passkeys',
  'DELETE /me/passkeys/:passkeyId',
];

/** Methods that change nothing. */
const readMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

// The status column is plain text written by the feed: a value the policy does not name allows nothing.
const named = (statuses: ReadonlySet<RegistrarStatus>, status: string) => (statuses as ReadonlySet<string>).has(status);

/** Whether users of a registrar with this status may sign in (and read). */
export function maySignIn(status: string): boolean {
  return named(signInStatuses, status);
}

/** Whether users of a registrar with this status may change data through the portal. */
export function mayChange(status: string): boolean {
  return named(changeStatuses, status);
}

/**
 * Why a request of a user of a registrar with this status is refused (the 403's message key), or
 * undefined when it may go on. `changes` says whether the request would change anything.
 */
export function statusRefusal(status: string, changes: boolean): MessageKey | undefined {
  if (!maySignIn(status)) return 'registrar.accessBlocked';
  if (changes && !mayChange(status)) return 'registrar.suspended';
  return undefined;
}

/** Whether a request with this method counts as a change for the status rule, unless its route is allowed while suspended. */
export function isChangeMethod(method: string): boolean {
  return !readMethods.has(method);
}

/**
 * Why the API would refuse this call to a user of a registrar with this status, or undefined when
 * it would not: what the web disables, and says why.
 */
export function callRefusal(status: string, call: ServiceCall): MessageKey | undefined {
  const method = call.slice(0, call.indexOf(' '));
  return statusRefusal(status, isChangeMethod(method) && !changesAllowedWhileSuspended.includes(call));
}
