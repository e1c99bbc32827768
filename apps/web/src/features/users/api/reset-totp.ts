import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userPath } from './query-keys';

/** The user sets up 2-step verification again at their next sign-in. */
export async function resetTotp(username: string): Promise<void> {
  await apiRequest<null>(`${userPath(username)}/totp`, { method: 'DELETE' });
}

export function useResetTotp() {
  return useMutation({ mutationFn: resetTotp });
}
