import { limits, type DomainSearchResponse } from '@registrar-panel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { callApi } from '../../../lib/api-client';
import type { SearchFilters } from '../search-location';
import { registrationKeys } from './query-keys';

export interface SearchParams {
  term: string;
  /** Zero-based, as the API counts. */
  page: number;
  /** The filters set, under their API names (the address's too). */
  filters?: SearchFilters;
  checkpoint?: string | undefined;
}

/**
 * One page of matches. The server's input keys the route table marks show on the form's fields, not
 * as alerts (spec section 5): the name's on the name input, a filter's (its `field`) on that filter.
 */
export async function searchRegistrations({ term, page, filters = {}, checkpoint }: SearchParams): Promise<DomainSearchResponse> {
  return callApi('searchRegistrations', { query: { ulabel: term, page, size: limits.searchPageSize, checkpoint, ...filters } });
}

/**
 * One page of a search. The first answer for a term and its filters gives a checkpoint; the other
 * pages of that search are asked as of that checkpoint, so they do not shift while registrations
 * come in. Asks nothing while `term` is null (no search in the address, or filters to correct).
 */
export function useSearchRegistrations(term: string | null, page: number, filters: SearchFilters) {
  const checkpoint = useRef<{ search: string; value: string } | null>(null);
  const search = JSON.stringify([term, filters]);
  return useQuery({
    queryKey: registrationKeys.search(term ?? '', page, filters),
    enabled: term !== null,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      // Page 1 (a new search, or Search pressed again) starts from now; other pages keep the snapshot.
      const known = page > 0 && checkpoint.current?.search === search ? checkpoint.current.value : undefined;
      const result = await searchRegistrations({ term: term ?? '', page, filters, checkpoint: known });
      if (!known) checkpoint.current = { search, value: result.checkpoint };
      return result;
    },
  });
}
