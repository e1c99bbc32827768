import type { HistoryFilter, HistoryResponse } from '@registrar-panel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, type RequestOf } from '../../../lib/api-client';
import { registrarKeys } from './query-keys';

/** The filter as query parameters; an absent filter is left out. */
export function historyQueryOf(filter: HistoryFilter, page?: number): RequestOf<'getHistory'>['query'] {
  return { user: filter.user, kind: filter.kind, from: filter.from, to: filter.to, page };
}

export async function getHistory(filter: HistoryFilter, page: number): Promise<HistoryResponse> {
  return callApi('getHistory', { query: historyQueryOf(filter, page) });
}

/** One page of the registrar's history; the page shown stays while the next one loads. */
export function useHistory(filter: HistoryFilter, page: number) {
  return useQuery({
    queryKey: registrarKeys.history(filter, page),
    queryFn: () => getHistory(filter, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
