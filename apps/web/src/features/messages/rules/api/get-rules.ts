import type { NotificationRulesResponse } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { ruleKeys } from './query-keys';

/** The registrar's rules, the users a rule may tell, and the caller's own mail choice. */
export async function getRules(): Promise<NotificationRulesResponse> {
  return callApi('listNotificationRules');
}

export const rulesQueryOptions = () => queryOptions({ queryKey: ruleKeys.list(), queryFn: getRules, staleTime: 0 });

export function useRules() {
  return useQuery(rulesQueryOptions());
}
