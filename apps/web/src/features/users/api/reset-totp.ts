import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { needingRecentSignIn } from '../edit-reauthentication';

/** The user sets up 2-step verification again at their next sign-in. */
export async function resetTotp(username: string): Promise<void> {
  await needingRecentSignIn(username, () => callApi('resetUserTotp', { params: { username } }));
}

export function useResetTotp() {
  return useMutation({ mutationFn: resetTotp });
}
