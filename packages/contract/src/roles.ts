/** Roles a panel user can hold, as the user API spells them. */
export const panelRoles = ['SUPPORT', 'TECH', 'FINANCE', 'ADMIN'] as const;
export type PanelRole = (typeof panelRoles)[number];

/** Roles a registrar can assign in user management; ADMIN is given by the registry. */
export const assignableRoles = ['SUPPORT', 'TECH', 'FINANCE'] as const satisfies readonly PanelRole[];

/** Identity-provider roles are the same names in lower case, in `realm_access.roles`. */
export function tokenRole(role: PanelRole): string {
  return role.toLowerCase();
}

/**
 * The panel roles in a token's `realm_access.roles`: only from an array, each element matched
 * exactly. Anything else (a string, an object, a missing claim) gives no role: a string "admin"
 * once passed a substring test and read as ADMIN.
 */
export function panelRolesFromToken(tokenRoles: unknown): PanelRole[] {
  if (!Array.isArray(tokenRoles)) return [];
  const names = new Set(tokenRoles.filter((name): name is string => typeof name === 'string'));
  return panelRoles.filter((role) => names.has(tokenRole(role)));
}

/**
 * What each role may do (docs/authorization.md). The server enforces this table;
 * the web uses the same table to hide what a role cannot use.
 */
export const capabilities = {
  readRegistrar: ['SUPPORT', 'TECH', 'FINANCE', 'ADMIN'],
  editContacts: ['SUPPORT', 'TECH', 'ADMIN'],
  readBilling: ['SUPPORT', 'FINANCE', 'ADMIN'],
  downloadDomainReport: ['SUPPORT', 'TECH'],
  manageEpp: ['TECH', 'ADMIN'],
  readRegistrations: ['SUPPORT', 'TECH', 'ADMIN'],
  manageUsers: ['ADMIN'],
  /** The registrar's history (`/registrar/history`): every change, sign-in and download of the registrar. */
  readHistory: ['SUPPORT', 'ADMIN'],
  /**
   * The history's personal-data log (kind `personalData`): who looked at registrants' and contacts'
   * data, when, from where, through which call. ADMIN only; the history's other entries keep `readHistory`.
   */
  readPersonalDataLog: ['ADMIN'],
  /** The registrar's API keys (`/apiKeys`): create, list, revoke. A key itself never holds it. */
  manageApiKeys: ['ADMIN'],
  /** The language of the registrar's mails to its contacts that are no users (`PUT /registrar/language`). */
  setRegistrarLanguage: ['ADMIN'],
  /** Ask for a link that sets the EPP password without the current one, and use it (issue 31). */
  resetEppPassword: ['ADMIN'],
  /** The registrar's webhook endpoints (`/webhooks`): add, change, rotate their secret, test, redeliver. A key never holds it. */
  manageWebhooks: ['ADMIN'],
  /** The registrar's event stream (`GET /events`): the history's changes in order, so as whoever reads the history; a key with the `events` scope. */
  readEvents: ['SUPPORT', 'ADMIN'],
  /**
   * The bell and the inbox of the registry's messages: every role, for announcements; the messages
   * about registrations only to those who `readRegistrations` (the service filters).
   */
  readMessages: ['SUPPORT', 'TECH', 'FINANCE', 'ADMIN'],
} as const satisfies Record<string, readonly PanelRole[]>;
export type Capability = keyof typeof capabilities;

export function can(roles: readonly PanelRole[], capability: Capability): boolean {
  const allowed: readonly PanelRole[] = capabilities[capability];
  return roles.some((role) => allowed.includes(role));
}

/** The registrar handle is the part of the username after the '@'. */
export function registrarHandleOf(username: string): string {
  const at = username.lastIndexOf('@');
  return at < 0 ? '' : username.slice(at + 1);
}
