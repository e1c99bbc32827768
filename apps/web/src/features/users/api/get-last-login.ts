import { limits, type LoginAttempt } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import translator from '../../../lib/translator';
import { callApi } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** The latest sign-in attempt, or null when there was none. */
export async function getLastLogin(username: string): Promise<LoginAttempt | null> {
  const data = await callApi('getUserLoginAttempts', {
    params: { username },
    query: { size: limits.lastLoginAttempts },
    fallbackError: translator.t('users.lastLogin.loadFailed'),
  });
  return data.results[0] ?? null;
}

export const lastLoginQueryOptions = (username: string) =>
  queryOptions({ queryKey: userKeys.lastLogin(username), queryFn: () => getLastLogin(username), staleTime: 0, retry: false });

export function useLastLogin(username: string) {
  return useQuery(lastLoginQueryOptions(username));
}
