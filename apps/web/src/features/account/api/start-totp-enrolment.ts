import type { TotpEnrolment } from '@registrar-panel/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { needingRecentSignIn } from './recent-sign-in';

/** A new secret for the authenticator app; the current one works until a code of the new one confirms it. */
export function startTotpEnrolment(): Promise<TotpEnrolment> {
  return needingRecentSignIn(() => callApi('startTotpEnrolment'));
}

export function useStartTotpEnrolment() {
  return useMutation({ mutationFn: startTotpEnrolment });
}
