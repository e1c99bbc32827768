import type { PanelUser } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { userKeys } from './query-keys';

export async function deleteUser(username: string): Promise<void> {
  await callApi('deleteUser', { params: { username } });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (_data, username) => {
      // The row goes at once, so its last-login and activity queries never ask for a user that is gone.
      queryClient.setQueryData<PanelUser[]>(userKeys.list(), (users) => users?.filter((user) => user.username !== username));
      queryClient.removeQueries({ queryKey: [...userKeys.all, username] });
      await queryClient.invalidateQueries({ queryKey: userKeys.list() });
    },
  });
}
