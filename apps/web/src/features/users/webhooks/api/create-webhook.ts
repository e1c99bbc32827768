import type { WebhookEndpointInput, WebhookSecretResponse } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { webhookKeys } from './query-keys';

/** Adds an endpoint; the answer holds its secret, this once. Field messages come back to the dialog. */
export async function createWebhook(input: WebhookEndpointInput): Promise<WebhookSecretResponse> {
  return callApi('createWebhookEndpoint', { body: input });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  // The answer holds the secret: out of the cache as soon as the dialog is gone.
  return useMutation({ mutationFn: createWebhook, gcTime: 0, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }) });
}
