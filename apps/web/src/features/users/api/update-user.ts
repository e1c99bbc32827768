import type { UpdateUserInput } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { needingRecentSignIn } from '../edit-reauthentication';
import { userKeys } from './query-keys';

export async function updateUser({ username, changes }: { username: string; changes: UpdateUserInput }): Promise<void> {
  await needingRecentSignIn(username, () => callApi('updateUser', { params: { username }, body: changes }));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }) });
}
