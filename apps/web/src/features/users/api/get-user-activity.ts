import { limits, type ActivityEntry } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import translator from '../../../lib/translator';
import { callApi } from '../../../lib/api-client';
import { userKeys } from './query-keys';

export async function getUserActivity(username: string): Promise<ActivityEntry[]> {
  const data = await callApi('getUserActivity', {
    params: { username },
    query: { size: limits.recentActivities },
    fallbackError: translator.t('users.activity.loadFailed'),
  });
  return data.results;
}

export const userActivityQueryOptions = (username: string) =>
  queryOptions({ queryKey: userKeys.activity(username), queryFn: () => getUserActivity(username), staleTime: 0, retry: false });

/** Loaded when a row is expanded. */
export function useUserActivity(username: string) {
  return useQuery(userActivityQueryOptions(username));
}
