import type { ProtectedTransactions } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { registrarKeys } from './query-keys';

export async function getProtectedTransactions(): Promise<ProtectedTransactions> {
  return (await callApi('getProtectedTransactions')).protectedTransactions;
}

/** Always fresh when the tab opens: the counter moves with every transaction. */
export const protectedTransactionsQueryOptions = () =>
  queryOptions({ queryKey: registrarKeys.protectedTransactions, queryFn: getProtectedTransactions, staleTime: 0 });

export function useProtectedTransactions() {
  return useQuery(protectedTransactionsQueryOptions());
}
