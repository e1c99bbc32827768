import { paths } from '../../lib/paths';

/** A search as the address keeps it: `?domainname=…&page=N`, N one-based (spec section 2). */
export interface SearchLocation {
  term: string;
  page: number;
}

/** The search in the query parameters, or null when there is none; a missing or odd page is page 1. */
export function searchLocationOf(params: URLSearchParams): SearchLocation | null {
  const term = params.get('domainname');
  if (term === null) return null;
  return { term, page: Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1) };
}

function query({ term, page }: SearchLocation): string {
  return new URLSearchParams({ domainname: term, page: String(page) }).toString();
}

/** The search page running that search, so a reload or a shared link runs it again. */
export function searchHref(search: SearchLocation): string {
  return `${paths.registrationSearch}?${query(search)}`;
}

/**
 * A registration opened from a search carries that search in the same parameters, so that its
 * "Search registrations" link returns to the same results and page (in a new tab as well).
 */
export function registrationHref(domainName: string, from: SearchLocation | null): string {
  return from ? `${paths.registration(domainName)}?${query(from)}` : paths.registration(domainName);
}
