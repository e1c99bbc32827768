import type { HandledKey, PublicContactInput, Registrar } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { registrarKeys } from './query-keys';

/** A concurrent edit is shown in the form, not as an alert (the route table marks it for both contact saves). */
export const conflictKey = 'error.conflict' satisfies HandledKey<'updatePublicContact'> satisfies HandledKey<'updateWhoisContact'>;

export async function updatePublicContact(input: PublicContactInput): Promise<Registrar> {
  return (await callApi('updatePublicContact', { body: input })).registrar;
}

export function useUpdatePublicContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePublicContact,
    onSuccess: (registrar) => queryClient.setQueryData(registrarKeys.registrar, registrar),
  });
}
