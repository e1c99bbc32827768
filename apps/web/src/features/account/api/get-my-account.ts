import type { MyAccount } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

/** The caller's account as the identity service holds it. */
export function getMyAccount(): Promise<MyAccount> {
  return callApi('getMyAccount');
}

export const myAccountQueryOptions = () => queryOptions({ queryKey: accountKeys.account(), queryFn: getMyAccount, staleTime: 0 });

export function useMyAccount() {
  return useQuery(myAccountQueryOptions());
}
