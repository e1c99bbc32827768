import type { PublicContactInput, Registrar, RegistrarResponse } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { registrarKeys } from './query-keys';

/** A concurrent edit is shown in the form, not as an alert. */
export const conflictKey = 'error.conflict';

export async function updatePublicContact(input: PublicContactInput): Promise<Registrar> {
  return (await apiRequest<RegistrarResponse>('/services/registrar', { method: 'PUT', body: input, handledKeys: [conflictKey] })).registrar;
}

export function useUpdatePublicContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePublicContact,
    onSuccess: (registrar) => queryClient.setQueryData(registrarKeys.registrar, registrar),
  });
}
