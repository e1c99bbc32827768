import type { ChangeMyPassword, HandledKey } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './query-keys';
import { needingRecentSignIn } from './recent-sign-in';

/** Shown on their fields with the server's text, not as alerts. */
export const passwordFieldKeys = {
  currentPassword: 'account.password.wrong' satisfies HandledKey<'changeMyPassword'>,
  newPassword: 'unsafe.password' satisfies HandledKey<'changeMyPassword'>,
} as const;

/** The caller's own password; their other sessions end with it. */
export async function changePassword(input: ChangeMyPassword): Promise<void> {
  await needingRecentSignIn(() => callApi('changeMyPassword', { body: input }));
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }) });
}
