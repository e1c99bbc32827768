import type { WebhookSecretResponse } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { webhookKeys } from './query-keys';

/** A new secret, shown this once; the previous one still signs for 24 hours. */
export async function rotateWebhookSecret(id: string): Promise<WebhookSecretResponse> {
  return callApi('rotateWebhookSecret', { params: { id } });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rotateWebhookSecret, gcTime: 0, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }) });
}
