import type { EppIpList } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { eppKeys } from './query-keys';

/**
 * Saves the whole list; answers it as the server stored it (canonical form). The entries' messages
 * the route table marks come back to the edit list, which shows them next to their entry.
 */
export async function updateIpAddresses(input: EppIpList): Promise<string[]> {
  const data = await callApi('replaceEppIpAddresses', { body: input });
  return data.ipAddresses;
}

export function useUpdateIpAddresses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIpAddresses,
    onSuccess: (saved) => queryClient.setQueryData(eppKeys.ipAddresses(), saved),
  });
}
