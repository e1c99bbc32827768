import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { webhookKeys } from './query-keys';

/** Deletes an endpoint and its delivery log. */
export async function deleteWebhook(id: string): Promise<void> {
  await callApi('deleteWebhookEndpoint', { params: { id } });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }) });
}
