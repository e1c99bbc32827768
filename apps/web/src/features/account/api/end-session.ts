import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './query-keys';
import { needingRecentSignIn } from './recent-sign-in';

/** Signs out one of the caller's other sessions: that browser is refused at its next request. */
export async function endSession(sessionId: string): Promise<void> {
  await needingRecentSignIn(() => callApi('endMySession', { params: { sessionId } }));
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endSession, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }) });
}
