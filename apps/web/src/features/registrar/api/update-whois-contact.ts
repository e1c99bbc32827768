import type { Registrar, RegistrarResponse, WhoisContactInput } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { registrarKeys } from './query-keys';
import { conflictKey } from './update-public-contact';

/** The technical, administrative or abuse contact, by `type`. */
export async function updateWhoisContact(input: WhoisContactInput): Promise<Registrar> {
  return (await apiRequest<RegistrarResponse>('/services/registrar/whoisContact', { method: 'POST', body: input, handledKeys: [conflictKey] })).registrar;
}

export function useUpdateWhoisContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWhoisContact,
    onSuccess: (registrar) => queryClient.setQueryData(registrarKeys.registrar, registrar),
  });
}
