import type { WebhookEndpoint } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { webhookKeys } from './query-keys';

/** Enables (from the first event it has not received) or disables an endpoint. */
export async function setWebhookEnabled({ id, enabled }: { id: string; enabled: boolean }): Promise<WebhookEndpoint> {
  return (await callApi('setWebhookEndpointEnabled', { params: { id }, body: { enabled } })).endpoint;
}

export function useSetWebhookEnabled() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setWebhookEnabled, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }) });
}
