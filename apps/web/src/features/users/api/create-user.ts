import type { CreateUserInput, CreatedUserResponse, PanelUser } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** The message keys the form shows on its fields instead of alerting them. */
export const createUserFieldKeys = ['users.usernameTaken'] as const;

/** Sends the username as typed; the server appends '@{handle}' and mails the activation link. */
export async function createUser(input: CreateUserInput): Promise<PanelUser> {
  const data = await apiRequest<CreatedUserResponse>('/services/users', { method: 'POST', body: input, handledKeys: createUserFieldKeys });
  return data.user;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }) });
}
