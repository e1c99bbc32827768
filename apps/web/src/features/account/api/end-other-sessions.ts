import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './query-keys';
import { needingRecentSignIn } from './recent-sign-in';

/** "Sign out everywhere else": every session of the caller but this one; answers how many ended. */
export async function endOtherSessions(): Promise<number> {
  return (await needingRecentSignIn(() => callApi('endMyOtherSessions'))).ended;
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endOtherSessions, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }) });
}
