import type { SearchFilters } from '../search-location';

/** Query keys of the registrations section. */
export const registrationKeys = {
  search: (term: string, page: number, filters: SearchFilters) => ['registrations', 'search', term, page, filters] as const,
  overview: ['registrations', 'overview'] as const,
  registration: (name: string) => ['registrations', 'registration', name] as const,
  timeline: (name: string, page: number) => ['registrations', 'timeline', name, page] as const,
  portfolioOnDate: (question: string, page: number) => ['registrations', 'portfolioOnDate', question, page] as const,
  portfolioOnDateCount: (question: string) => ['registrations', 'portfolioOnDateCount', question] as const,
  portfolioChanges: (from: string, to: string, kind: string, page: number) => ['registrations', 'portfolioChanges', from, to, kind, page] as const,
  portfolioChangeCounts: (from: string, to: string) => ['registrations', 'portfolioChangeCounts', from, to] as const,
  transfer: (name: string) => ['registrations', 'transfer', name] as const,
  contact: (handle: string) => ['registrations', 'contact', handle] as const,
  reconciliations: ['registrations', 'reconciliations'] as const,
  reconciliation: (runId: string) => ['registrations', 'reconciliations', runId] as const,
  reconciliationResults: (runId: string, kind: string, page: number) => ['registrations', 'reconciliations', runId, kind, page] as const,
};
