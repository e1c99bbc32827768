import type { Registrar, RegistrarResponse } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { registrarKeys } from './query-keys';

export async function getRegistrar(): Promise<Registrar> {
  return (await apiRequest<RegistrarResponse>('/services/registrar')).registrar;
}

export const registrarQueryOptions = () => queryOptions({ queryKey: registrarKeys.registrar, queryFn: getRegistrar });

/** The signed-in user's registrar: the overview, the tabs and the edit forms share it. */
export function useRegistrar() {
  return useQuery(registrarQueryOptions());
}
