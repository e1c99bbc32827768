import type { PasskeyPolicy } from '@registrar-panel/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** Whether the registrar requires passkeys of its users, and whether the portal can offer them. */
export const passkeyPolicyQueryOptions = () => queryOptions({ queryKey: userKeys.passkeyPolicy(), queryFn: () => callApi('getPasskeyPolicy') });

export function usePasskeyPolicy() {
  return useQuery(passkeyPolicyQueryOptions());
}

export function useSetPasskeyPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean): Promise<PasskeyPolicy> => callApi('setPasskeyPolicy', { body: { required } }),
    onSuccess: (policy) => queryClient.setQueryData(userKeys.passkeyPolicy(), policy),
  });
}
