/** Query keys of the registrations section. */
export const registrationKeys = {
  search: (term: string, page: number) => ['registrations', 'search', term, page] as const,
  registration: (name: string) => ['registrations', 'registration', name] as const,
  transfer: (name: string) => ['registrations', 'transfer', name] as const,
  contact: (handle: string) => ['registrations', 'contact', handle] as const,
};
