import type { MyPasskeysResponse } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

/** The caller's passkeys, and whether passkeys can be used at this address. */
export function getMyPasskeys(): Promise<MyPasskeysResponse> {
  return callApi('listMyPasskeys');
}

export const myPasskeysQueryOptions = () => queryOptions({ queryKey: accountKeys.passkeys(), queryFn: getMyPasskeys });

export function useMyPasskeys() {
  return useQuery(myPasskeysQueryOptions());
}
