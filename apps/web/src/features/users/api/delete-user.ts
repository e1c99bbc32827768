import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys, userPath } from './query-keys';

export async function deleteUser(username: string): Promise<void> {
  await apiRequest<null>(userPath(username), { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }) });
}
