import { eppPasswordPages } from '@registrar-panel/contract';

/**
 * A page path with one parameter: called, the path of a link (the value URI-encoded); its `pattern`
 * is what the router matches.
 */
function withParameter(pattern: string): ((value: string) => string) & { pattern: string } {
  const [before = '', after = ''] = pattern.split(/:\w+/);
  return Object.assign((value: string) => `${before}${encodeURIComponent(value)}${after}`, { pattern });
}

/** Every page's path, in one place: the router's route definitions and every link use them. */
export const paths = {
  /** An older address of the first page: sent on to general data. */
  home: '/home',
  /** The registrar's tabs (its own address sends on to general data). */
  registrar: '/registrar',
  generalData: '/registrar/generalData',
  publicProfile: '/registrar/publicProfile',
  editPublicContact: '/registrar/publicProfile/editPublicContact',
  editTechContact: '/registrar/publicProfile/editTechContact',
  editAdminContact: '/registrar/publicProfile/editAdminContact',
  editAbuseContact: '/registrar/publicProfile/editAbuseContact',
  registrarTransactions: '/registrar/transactions',
  registrarBilling: '/registrar/billing',
  registrarReports: '/registrar/reports',
  /** The registrar's history: linked from the registrar overview's header, not a tab. */
  registrarHistory: '/registrar/history',
  /** The EPP pages (its own address sends on to the IP list). */
  epp: '/epp',
  eppIpAddresses: '/epp/ipaddresses',
  eppIpAddressesEdit: '/epp/ipaddresses/edit',
  eppPassword: '/epp/password',
  /** Certificates, the EPP password's life and the EPP server's connections: linked from the EPP settings header, not a tab. */
  eppSecurity: eppPasswordPages.security,
  /** The EPP password's reset link (its token after `#`), reached from the mail only. */
  eppPasswordReset: eppPasswordPages.reset,
  registrationSearch: '/registrations/search',
  /** Counts of the registrar's registrations, linked from the search page (not a menu entry). */
  registrationOverview: '/registrations/overview',
  registration: withParameter('/registrations/registration/:domainname/view'),
  /** The registrar's portfolio on a date and the changes between two dates: linked from the search page's header (not a menu entry). */
  portfolioOnDate: '/registrations/portfolio-on-date',
  portfolioChanges: '/registrations/changes',
  /** One registration's past as the registrar sponsored it: linked from the registration view, not a tab. */
  registrationTimeline: withParameter('/registrations/registration/:domainname/history'),
  /** Reconciliation: the registrar's own list compared with its registrations, linked from the search page (not a menu entry). */
  reconciliation: '/registrations/reconciliation',
  reconciliationRun: withParameter('/registrations/reconciliation/:runId'),
  contact: withParameter('/contact/view/:handle'),
  /** The contact view without a handle: its blocks empty, saying why. */
  contactWithoutHandle: '/contact/view',
  users: '/users',
  /** The registrar's API keys (ADMIN): linked from User Management's header, not a menu entry. */
  apiKeys: '/users/apiKeys',
  /** The API's reference (the OpenAPI document as a page), linked from the API keys page. */
  apiReference: '/api',
  cookiePolicy: '/cookiepolicy',
  /** The registrar's webhook endpoints (ADMIN): linked from the API keys page's header, not a menu entry. */
  webhooks: '/users/webhooks',
  /** The signed-in user's own account: linked from their name in the footer, not a menu entry. */
  account: '/account',
  /** The registry's messages to the registrar (the inbox): reached by the bell in the header, not a menu entry. */
  messages: '/messages',
  /** The registrar's notification rules and the user's own mail choice: linked from the inbox's header, not a menu entry. */
  messageRules: '/messages/rules',
} as const;
