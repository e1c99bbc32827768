import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './query-keys';
import { needingRecentSignIn } from './recent-sign-in';

export const lastFactorKey = 'account.passkey.last';

/** Removes one of the caller's passkeys; the server refuses the last second step. */
export async function removePasskey(passkeyId: string): Promise<void> {
  await needingRecentSignIn(() => callApi('removePasskey', { params: { passkeyId } }));
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.passkeys() }) });
}
