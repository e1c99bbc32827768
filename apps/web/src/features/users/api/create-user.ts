import type { CreateUserInput, CreatedUserResponse } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/**
 * Sends the username as typed; the server appends '@{handle}' and mails the activation link. The
 * whole answer comes back: a user can be created while their activation mail failed. A name already
 * taken (marked in the route table) comes back to the form, which shows it on the username.
 */
export async function createUser(input: CreateUserInput): Promise<CreatedUserResponse> {
  return callApi('createUser', { body: input });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }) });
}
