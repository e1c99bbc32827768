import type { Language, Registrar } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { registrarKeys } from './query-keys';

/** The language of the registrar's mails to its contacts that are no users (ADMIN). */
export async function setRegistrarLanguage(language: Language): Promise<Registrar> {
  return (await callApi('setRegistrarLanguage', { body: { language } })).registrar;
}

export function useSetRegistrarLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRegistrarLanguage,
    onSuccess: (registrar) => queryClient.setQueryData(registrarKeys.registrar, registrar),
  });
}
