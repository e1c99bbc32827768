import type { WebhookAttempt } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { webhookKeys } from './query-keys';

/** Sends a logged attempt's event again now, with the same `webhook-id`. */
export async function redeliverWebhook({ id, deliveryId }: { id: string; deliveryId: string }): Promise<WebhookAttempt> {
  return (await callApi('redeliverWebhookEvent', { params: { id, deliveryId } })).delivery;
}

export function useRedeliverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhook,
    onSuccess: (_attempt, { id }) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
