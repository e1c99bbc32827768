import type { EppPasswordChange, HandledKey } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { eppKeys } from './query-keys';

/** Shown on the New Password field with the server's text, not as an alert (spec sections 5 and 8). */
export const unsafePasswordKey = 'unsafe.password' satisfies HandledKey<'changeEppPassword'>;

export async function updatePassword(input: EppPasswordChange): Promise<void> {
  await callApi('changeEppPassword', { body: input });
}

/** After a change, whether a current password is needed is asked again (spec section 4). */
export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eppKeys.passwordRequired() }),
  });
}
