import type { EppPasswordRequiredResponse } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eppKeys, eppPasswordPath } from './query-keys';

/** Whether changing the EPP password needs the current one (true once one is set). */
export async function getPasswordRequired(): Promise<boolean> {
  const data = await apiRequest<EppPasswordRequiredResponse>(`${eppPasswordPath}/required`);
  return data.value;
}

export const passwordRequiredQueryOptions = () => queryOptions({ queryKey: eppKeys.passwordRequired(), queryFn: getPasswordRequired, staleTime: 0 });

export function usePasswordRequired() {
  return useQuery(passwordRequiredQueryOptions());
}
