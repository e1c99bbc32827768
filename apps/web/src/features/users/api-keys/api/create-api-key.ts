import type { ApiKeyCreatedResponse, CreateApiKeyInput } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { apiKeyKeys } from './query-keys';

/**
 * Creates a key; the answer holds its secret, this once. The messages about the request's fields
 * (marked in the route table) come back to the dialog, which shows them on their fields.
 */
export async function createApiKey(input: CreateApiKeyInput): Promise<ApiKeyCreatedResponse> {
  return callApi('createApiKey', { body: input });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    // The answer holds the secret: the mutation leaves the cache as soon as the dialog is gone.
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}
