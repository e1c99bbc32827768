import type { EppPasswordResetLinkState, HandledKey } from '@registrar-panel/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { eppKeys } from './query-keys';

/** Why a link does not work, shown in place of the form (the route table marks them for the page). */
export const resetLinkRefusalKeys = ['epp.resetLink.invalid', 'epp.resetLink.used', 'epp.resetLink.expired'] as const satisfies readonly HandledKey<
  'checkEppPasswordResetLink' | 'setEppPasswordWithLink'
>[];

/** Whether the link still works, without using it. */
export async function checkResetLink(token: string): Promise<EppPasswordResetLinkState> {
  return callApi('checkEppPasswordResetLink', { body: { token } });
}

// Asked once per opening: a retry would only repeat a refusal, and the page says it.
export function useResetLinkState(token: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...eppKeys.all, 'resetLink', token],
    queryFn: () => checkResetLink(token),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
