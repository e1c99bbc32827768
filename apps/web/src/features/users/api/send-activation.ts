import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userPath } from './query-keys';

/** Mails a new activation link to a user who has not activated yet (the first mail failed or got lost). */
export async function sendActivation(username: string): Promise<void> {
  await apiRequest<null>(`${userPath(username)}/activation`, { method: 'POST' });
}

export function useSendActivation() {
  return useMutation({ mutationFn: sendActivation });
}
