import type { ApiKeyCreatedResponse, CreateApiKeyInput, MessageKey } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { apiKeyKeys, apiKeysPath } from './query-keys';

/**
 * The messages about the request's fields (`createApiKeySchema`, and a name already taken): the
 * dialog shows them on their fields instead of alerting them. Too many keys is about no field: alerted.
 */
export const apiKeyFieldMessageKeys = [
  'validation.required',
  'validation.maxLength',
  'validation.pattern',
  'validation.apiKeyScopes',
  'validation.apiKeyScope',
  'validation.apiKeyScopeDuplicate',
  'validation.apiKeyExpiry',
  'validation.apiKeyAddress',
  'validation.apiKeyAddressDuplicate',
  'validation.apiKeyAddressEverywhere',
  'validation.apiKeyAddressesTooMany',
  'apiKeys.nameTaken',
] as const satisfies readonly MessageKey[];

/** Creates a key; the answer holds its secret, this once. */
export async function createApiKey(input: CreateApiKeyInput): Promise<ApiKeyCreatedResponse> {
  return apiRequest<ApiKeyCreatedResponse>(apiKeysPath, { method: 'POST', body: input, handledKeys: apiKeyFieldMessageKeys });
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
