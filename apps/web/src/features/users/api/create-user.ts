import type { CreateUserInput, CreatedUserResponse } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** The message keys the form shows on its fields instead of alerting them. */
export const createUserFieldKeys = ['users.usernameTaken'] as const;

/**
 * Sends the username as typed; the server appends '@{handle}' and mails the activation link. The
 * whole answer comes back: a user can be created while their activation mail failed.
 */
export async function createUser(input: CreateUserInput): Promise<CreatedUserResponse> {
  return apiRequest<CreatedUserResponse>('/services/users', { method: 'POST', body: input, handledKeys: createUserFieldKeys });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }) });
}
