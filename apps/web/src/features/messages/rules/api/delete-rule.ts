import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { ruleKeys } from './query-keys';

/** Deletes a rule; the hits it made stay in the inboxes. */
export async function deleteRule(id: string): Promise<void> {
  await callApi('deleteNotificationRule', { params: { id } });
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRule, onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.list() }) });
}
