import type { MessageKey, RegistrarStatus } from '@registrar-panel/contract';

/*
 * What a registrar's status allows its users: the one home of the rule (docs/decisions.md,
 * "Registrar status: what it allows"). The registry sets the status through its data feed; the
 * API's gate (plugins/registrar-status.ts) and the embedded sign-in (identity/sign-in/) only ask here.
 */

/**
 * The statuses whose users may sign in and read. INITIAL is onboarding: the registrar sets up its
 * EPP access, contacts and users before going live. SUSPENDED users still read everything.
 */
export const signInStatuses: ReadonlySet<RegistrarStatus> = new Set(['INITIAL', 'ACTIVE', 'SUSPENDED']);

/** The statuses whose users may change data through the portal (contacts, EPP, users). */
export const changeStatuses: ReadonlySet<RegistrarStatus> = new Set(['INITIAL', 'ACTIVE']);

// The status column is plain text written by the feed: a value the policy does not name allows nothing.
const named = (statuses: ReadonlySet<RegistrarStatus>, status: string) => (statuses as ReadonlySet<string>).has(status);

/** Whether users of a registrar with this status may sign in (and read). */
export function maySignIn(status: string): boolean {
  return named(signInStatuses, status);
}

/**
 * Whether a user's registrar, read with this status, lets the user sign in or keep a session. No
 * status (no such registrar) does not refuse: the API's gate lets it through too.
 */
export function registrarAllowsSignIn(status: string | undefined): boolean {
  return status === undefined || maySignIn(status);
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
