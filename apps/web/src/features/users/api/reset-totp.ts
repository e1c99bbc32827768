import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { needingRecentSignIn } from '../edit-reauthentication';
import { userPath } from './query-keys';

/** The user sets up 2-step verification again at their next sign-in. */
export async function resetTotp(username: string): Promise<void> {
  await needingRecentSignIn(username, (handledKeys) => apiRequest<null>(`${userPath(username)}/totp`, { method: 'DELETE', handledKeys }));
}

export function useResetTotp() {
  return useMutation({ mutationFn: resetTotp });
}
