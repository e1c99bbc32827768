import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { eppKeys } from './query-keys';

export async function getIpAddresses(): Promise<string[]> {
  const data = await callApi('getEppIpAddresses');
  return data.ipAddresses;
}

// Always fresh: the list decides who can connect, and another user may have just changed it.
export const ipAddressesQueryOptions = () => queryOptions({ queryKey: eppKeys.ipAddresses(), queryFn: getIpAddresses, staleTime: 0 });

export function useIpAddresses() {
  return useQuery(ipAddressesQueryOptions());
}
