/** Every path the app links to, in one place. */
export const paths = {
  generalData: '/registrar/generalData',
  publicProfile: '/registrar/publicProfile',
  eppIpAddresses: '/epp/ipaddresses',
  eppIpAddressesEdit: '/epp/ipaddresses/edit',
  eppPassword: '/epp/password',
  registrationSearch: '/registrations/search',
  registration: (domainName: string) => `/registrations/registration/${encodeURIComponent(domainName)}/view`,
  contact: (handle: string) => `/contact/view/${encodeURIComponent(handle)}`,
  users: '/users',
  cookiePolicy: '/cookiepolicy',
} as const;
