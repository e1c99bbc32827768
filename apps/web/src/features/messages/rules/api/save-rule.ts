import type { NotificationRule, NotificationRuleInput } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { ruleKeys } from './query-keys';

/**
 * Adds a rule (no `id`) or changes one. Field messages come back to the form; `rules.tooMany` is
 * alerted by the API client.
 */
export async function saveRule({ id, input }: { id?: string; input: NotificationRuleInput }): Promise<NotificationRule> {
  const answer = id ? await callApi('updateNotificationRule', { params: { id }, body: input }) : await callApi('createNotificationRule', { body: input });
  return answer.rule;
}

export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveRule, onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.list() }) });
}
