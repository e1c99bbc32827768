import { limits, type ActivityEntry, type ActivityResponse } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { apiRequest } from '../../../lib/api-client';
import { userKeys, userPath } from './query-keys';

export async function getUserActivity(username: string): Promise<ActivityEntry[]> {
  const data = await apiRequest<ActivityResponse>(`${userPath(username)}/activity`, {
    query: { size: limits.recentActivities },
    fallbackError: i18next.t('users.activity.loadFailed'),
  });
  return data.results;
}

export const userActivityQueryOptions = (username: string) =>
  queryOptions({ queryKey: userKeys.activity(username), queryFn: () => getUserActivity(username), staleTime: 0, retry: false });

/** Loaded when a row is expanded. */
export function useUserActivity(username: string) {
  return useQuery(userActivityQueryOptions(username));
}
