import type { UserEnabledInput } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** Disables a user (sign-in refused, their sessions ended) or enables them again. */
export async function setUserEnabled({ username, enabled }: { username: string } & UserEnabledInput): Promise<void> {
  await callApi('setUserEnabled', { params: { username }, body: { enabled } });
}

export function useSetUserEnabled() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserEnabled, onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }) });
}
