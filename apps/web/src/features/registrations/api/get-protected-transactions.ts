import type { ProtectedTransactions } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { registrationKeys } from './query-keys';

/** The same call as the Registrar's Transactions tab (features never share code): the counter beside the portfolio. */
export async function getProtectedTransactions(): Promise<ProtectedTransactions> {
  return (await callApi('getProtectedTransactions')).protectedTransactions;
}

/** Always fresh when the page opens: the counter moves with every transaction. */
export const protectedTransactionsQueryOptions = () =>
  queryOptions({ queryKey: registrationKeys.protectedTransactions, queryFn: getProtectedTransactions, staleTime: 0 });

export function useProtectedTransactions(enabled = true) {
  return useQuery({ ...protectedTransactionsQueryOptions(), enabled });
}
