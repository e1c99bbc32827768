import { domainSearchFilterNames, type DomainSearchFilters } from '@registrar-panel/contract';
import { paths } from '../../lib/paths';

export type SearchFilterName = (typeof domainSearchFilterNames)[number];

/**
 * The filters of a search as the address holds them: only those set, as text. They are checked
 * against the contract's `domainSearchFiltersSchema` before a search runs, so that a shared link with
 * a wrong value shows the wrong field instead of being dropped silently.
 */
export type SearchFilters = Partial<Record<SearchFilterName, string>>;

/**
 * A search as the address keeps it: `?domainname=…&page=N`, N one-based (spec section 2), and the
 * optional filters under their contract names (`&status=ok&expiresFrom=2026-01-01`…).
 */
export interface SearchLocation {
  term: string;
  page: number;
  filters: SearchFilters;
}

/** The filters set in some values: those with a value other than '' (trimmed), in the contract's order. */
export function activeFilters(values: Partial<Record<SearchFilterName, string | undefined>>): SearchFilters {
  const filters: SearchFilters = {};
  for (const name of domainSearchFilterNames) {
    const value = values[name]?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/** How many filters are set. */
export const filterCount = (filters: SearchFilters): number => Object.keys(filters).length;

/** The search in the query parameters, or null when there is none; a missing or odd page is page 1. */
export function searchLocationOf(params: URLSearchParams): SearchLocation | null {
  const term = params.get('domainname');
  if (term === null) return null;
  const filters = activeFilters(Object.fromEntries(domainSearchFilterNames.map((name) => [name, params.get(name) ?? undefined])));
  return { term, page: Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1), filters };
}

/** The query string of a search: the name and page first (as a name-only search always had it), then the filters. */
function query({ term, page, filters }: SearchLocation): string {
  return new URLSearchParams([['domainname', term], ['page', String(page)], ...Object.entries(activeFilters(filters))]).toString();
}

/** The search page running that search, so a reload or a shared link runs it again. */
export function searchHref(search: SearchLocation): string {
  return `${paths.registrationSearch}?${query(search)}`;
}

/**
 * The notification rules page, its Add dialog opened on a rule counting this search (Save as rule):
 * the name and filters in the search page's own parameters, without the page.
 */
export function saveAsRuleHref({ term, filters }: SearchLocation): string {
  return `${paths.messageRules}?${new URLSearchParams([['domainname', term], ...Object.entries(activeFilters(filters))]).toString()}`;
}

/** The search page listing every registration (`*`) that matches some filters, from page 1. */
export function filteredSearchHref(filters: DomainSearchFilters): string {
  return searchHref({ term: '*', page: 1, filters: activeFilters(filters) });
}

/**
 * A registration opened from a search carries that search in the same parameters, so that its
 * "Search registrations" link returns to the same results, page and filters (in a new tab as well).
 */
export function registrationHref(domainName: string, from: SearchLocation | null): string {
  return from ? `${paths.registration(domainName)}?${query(from)}` : paths.registration(domainName);
}
