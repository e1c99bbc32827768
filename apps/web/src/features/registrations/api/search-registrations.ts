import { limits, type DomainSearchResponse } from '@registrar-panel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { registrationKeys } from './query-keys';

/** The server's empty-input key shows on the search input, not as an alert (spec section 5). */
export const searchInputKeys = ['search.domain.name.empty.input', 'search.domain.name.invalid', 'validation.maxLength'] as const;

export interface SearchParams {
  term: string;
  /** Zero-based, as the API counts. */
  page: number;
  checkpoint?: string | undefined;
}

export async function searchRegistrations({ term, page, checkpoint }: SearchParams): Promise<DomainSearchResponse> {
  return apiRequest<DomainSearchResponse>('/services/domains/search', {
    query: { ulabel: term, page, size: limits.searchPageSize, checkpoint },
    handledKeys: searchInputKeys,
  });
}

/**
 * One page of a search. The first answer for a term gives a checkpoint; the other pages of that
 * term are asked as of that checkpoint, so they do not shift while registrations come in.
 */
export function useSearchRegistrations(term: string | null, page: number) {
  const checkpoint = useRef<{ term: string; value: string } | null>(null);
  return useQuery({
    queryKey: registrationKeys.search(term ?? '', page),
    enabled: term !== null,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      // Page 1 (a new search, or Search pressed again) starts from now; other pages keep the snapshot.
      const known = page > 0 && checkpoint.current?.term === term ? checkpoint.current.value : undefined;
      const result = await searchRegistrations({ term: term ?? '', page, checkpoint: known });
      if (!known) checkpoint.current = { term: term ?? '', value: result.checkpoint };
      return result;
    },
  });
}
