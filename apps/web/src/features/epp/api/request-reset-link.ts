import type { EppPasswordResetLinkSent } from '@registrar-panel/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Mails a link that sets the EPP password to every ADMIN user of the registrar. */
export async function requestResetLink(): Promise<EppPasswordResetLinkSent> {
  return callApi('requestEppPasswordResetLink');
}

export function useRequestResetLink() {
  return useMutation({ mutationFn: requestResetLink });
}
