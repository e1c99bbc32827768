import type { RuleMailChoice } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { ruleKeys } from './query-keys';

/** The caller's own choice of how rule hits reach them by mail. */
export async function setMailChoice(mail: RuleMailChoice): Promise<RuleMailChoice> {
  return (await callApi('setRuleMailChoice', { body: { mail } })).mail;
}

export function useSetMailChoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setMailChoice, onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.list() }) });
}
