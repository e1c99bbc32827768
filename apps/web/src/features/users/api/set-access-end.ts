import type { UserAccessEndInput } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** Sets the last day (Brussels) a user may sign in, or clears it (`null`). */
export async function setAccessEnd({ username, accessEnd }: { username: string } & UserAccessEndInput): Promise<void> {
  await callApi('setUserAccessEnd', { params: { username }, body: { accessEnd } });
}

export function useSetAccessEnd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAccessEnd, onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }) });
}
