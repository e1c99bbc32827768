import type { EppIpAddressesResponse, EppIpList } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eppIpPath, eppKeys } from './query-keys';

/** Field messages the edit list shows next to the entry instead of alerting them. */
export const ipEntryMessageKeys = ['validation.ipAddress', 'validation.ipAddressDuplicate'] as const;

/** Saves the whole list; answers it as the server stored it (canonical form). */
export async function updateIpAddresses(input: EppIpList): Promise<string[]> {
  const data = await apiRequest<EppIpAddressesResponse>(eppIpPath, { method: 'PUT', body: input, handledKeys: ipEntryMessageKeys });
  return data.ipAddresses;
}

export function useUpdateIpAddresses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIpAddresses,
    onSuccess: (saved) => queryClient.setQueryData(eppKeys.ipAddresses(), saved),
  });
}
