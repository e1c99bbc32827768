import type { EppPasswordSetWithLink } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { eppKeys } from './query-keys';

/** Uses the link, once, to set the EPP password without the current one. */
export async function setPasswordWithLink(input: EppPasswordSetWithLink): Promise<void> {
  await callApi('setEppPasswordWithLink', { body: input });
}

export function useSetPasswordWithLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPasswordWithLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eppKeys.all }),
  });
}
