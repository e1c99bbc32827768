import type { EppPasswordLife } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { eppKeys } from './query-keys';

/** When the EPP password was last changed, by whom, and whether it is older than the registry's policy. */
export async function getPasswordLife(): Promise<EppPasswordLife> {
  return callApi('getEppPasswordLife');
}

export const passwordLifeQueryOptions = () => queryOptions({ queryKey: eppKeys.passwordLife(), queryFn: getPasswordLife, staleTime: 0 });

export function usePasswordLife() {
  return useQuery(passwordLifeQueryOptions());
}
