/** Business constants and limits (spec section 9). */
export const limits = {
  phoneMaxLength: 17,
  postalCodeMaxLength: 16,
  contactTextMaxLength: 255,
  searchInputMaxLength: 100,
  searchPageSize: 100,
  usernameMaxLength: 200,
  userNameMaxLength: 255,
  userEmailMaxLength: 255,
  paginationMaxLinks: 20,
  recentActivities: 5,
  /** The registrar's history: entries a page, and how far back paging goes (beyond: filters or the CSV). */
  historyPageSize: 50,
  historyMaxPages: 200,
  /** Billing lines a page: the month's lines come in one answer and are paged in the browser, as search's pages are. */
  billingPageSize: 100,
  lastLoginAttempts: 1,
  maxIpAddresses: 10,
  maxIpAddressesIcannSla: 100,
  eppPasswordMinLength: 14,
  eppPasswordMaxLength: 16,
  tokenMinValiditySeconds: 20,
  alertAutoCloseMs: 3000,
  alertFadeMs: 250,
  /** A panel user's own password (the embedded identity service's policy; Keycloak's realm says the same). */
  accountPasswordMinLength: 12,
  accountPasswordMaxLength: 256,
  /** A passkey's name, as its user gives it on My account. */
  passkeyNameMaxLength: 64,
} as const;

/** Registrars whose usernames contain this marker may keep 100 EPP addresses instead of 10. */
export const icannSlaMarker = '@icannsla';

export function maxIpAddressesFor(username: string): number {
  return username.includes(icannSlaMarker) ? limits.maxIpAddressesIcannSla : limits.maxIpAddresses;
}
