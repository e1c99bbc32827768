import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Mails a new activation link to a user who has not activated yet (the first mail failed or got lost). */
export async function sendActivation(username: string): Promise<void> {
  await callApi('sendActivation', { params: { username } });
}

export function useSendActivation() {
  return useMutation({ mutationFn: sendActivation });
}
