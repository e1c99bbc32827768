import type { Registrar, WhoisContactInput } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { registrarKeys } from './query-keys';

/** The technical, administrative or abuse contact, by `type`. */
export async function updateWhoisContact(input: WhoisContactInput): Promise<Registrar> {
  return (await callApi('updateWhoisContact', { body: input })).registrar;
}

export function useUpdateWhoisContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWhoisContact,
    onSuccess: (registrar) => queryClient.setQueryData(registrarKeys.registrar, registrar),
  });
}
