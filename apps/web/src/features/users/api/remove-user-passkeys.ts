import type { RemovedPasskeys } from '@registrar-panel/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { needingRecentSignIn } from '../edit-reauthentication';

/** Removes every passkey of a non-admin user; their authenticator app stays. */
export async function removeUserPasskeys(username: string): Promise<RemovedPasskeys> {
  return needingRecentSignIn(username, () => callApi('removeUserPasskeys', { params: { username } }));
}

/** The list's second factors are read again when the dialog closes (users-page.tsx), so the button keeps its last state until then. */
export function useRemoveUserPasskeys() {
  return useMutation({ mutationFn: removeUserPasskeys });
}
