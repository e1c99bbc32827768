import type { WebhookAttempt } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { webhookKeys } from './query-keys';

/** Sends a test event now; the answer is the attempt (outcome, status code, latency). */
export async function sendWebhookTest(id: string): Promise<WebhookAttempt> {
  return (await callApi('sendWebhookTestEvent', { params: { id } })).delivery;
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendWebhookTest, onSuccess: (_attempt, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }) });
}
