import type { ApiKey } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { apiKeyKeys } from './query-keys';

/** Revokes a key at once; it stays listed as revoked. */
export async function revokeApiKey(id: string): Promise<ApiKey> {
  return (await callApi('revokeApiKey', { params: { id } })).apiKey;
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: async (revoked) => {
      // The row shows 'Revoked' at once, before the list comes back.
      queryClient.setQueryData<ApiKey[]>(apiKeyKeys.list(), (keys) => keys?.map((key) => (key.id === revoked.id ? revoked : key)));
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() });
    },
  });
}
