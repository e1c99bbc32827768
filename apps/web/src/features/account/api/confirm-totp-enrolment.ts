import type { ConfirmTotpEnrolment, HandledKey } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './query-keys';
import { needingRecentSignIn } from './recent-sign-in';

/** Shown on the code field with the server's text, not as an alert. */
export const wrongCodeKey = 'account.totp.wrongCode' satisfies HandledKey<'confirmTotpEnrolment'>;

/** A code of the new authenticator app puts it in the place of the earlier one; other sessions end. */
export async function confirmTotpEnrolment(input: ConfirmTotpEnrolment): Promise<void> {
  await needingRecentSignIn(() => callApi('confirmTotpEnrolment', { body: input }));
}

export function useConfirmTotpEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmTotpEnrolment, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }) });
}
