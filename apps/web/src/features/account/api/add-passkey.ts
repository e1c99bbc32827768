import type { AddPasskey, MyPasskey } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './query-keys';
import { needingRecentSignIn } from './recent-sign-in';

export const passkeyNotAcceptedKey = 'account.passkey.notAccepted';

/**
 * Adds a passkey: the server's options (a single-use challenge), the browser's prompt, then the
 * answer with the name. A prompt the user cancels throws the browser's error and adds nothing.
 */
export async function addPasskey(name: AddPasskey['name']): Promise<MyPasskey> {
  const { options } = await needingRecentSignIn(() => callApi('startPasskeyRegistration'));
  // The server's options are the library's PublicKeyCredentialCreationOptionsJSON (identity/passkeys/passkeys.ts).
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return needingRecentSignIn(() => callApi('addPasskey', { body: { name, response } }));
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.passkeys() }) });
}
