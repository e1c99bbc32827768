/** Every path the app links to, in one place. */
export const paths = {
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
  eppIpAddresses: '/epp/ipaddresses',
  eppIpAddressesEdit: '/epp/ipaddresses/edit',
  eppPassword: '/epp/password',
  registrationSearch: '/registrations/search',
  /** Counts of the registrar's registrations, linked from the search page (not a menu entry). */
  registrationOverview: '/registrations/overview',
  registration: (domainName: string) => `/registrations/registration/${encodeURIComponent(domainName)}/view`,
  contact: (handle: string) => `/contact/view/${encodeURIComponent(handle)}`,
  users: '/users',
  /** The registrar's API keys (ADMIN): linked from User Management's header, not a menu entry. */
  apiKeys: '/users/apiKeys',
  /** The API's reference (the OpenAPI document as a page), linked from the API keys page. */
  apiReference: '/api',
  cookiePolicy: '/cookiepolicy',
} as const;
