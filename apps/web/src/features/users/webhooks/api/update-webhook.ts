import type { WebhookEndpoint, WebhookEndpointInput } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { webhookKeys } from './query-keys';

/** Changes an endpoint's address, events and description. */
export async function updateWebhook({ id, input }: { id: string; input: WebhookEndpointInput }): Promise<WebhookEndpoint> {
  return (await callApi('updateWebhookEndpoint', { params: { id }, body: input })).endpoint;
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }) });
}
