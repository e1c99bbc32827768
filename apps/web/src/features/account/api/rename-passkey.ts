import type { MyPasskey } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

/** Gives one of the caller's passkeys a new name (the contract's name rules). */
export async function renamePasskey({ passkeyId, name }: { passkeyId: string; name: string }): Promise<MyPasskey> {
  return callApi('renamePasskey', { params: { passkeyId }, body: { name } });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renamePasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.passkeys() }) });
}
