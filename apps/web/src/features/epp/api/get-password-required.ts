import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { eppKeys } from './query-keys';

/** Whether changing the EPP password needs the current one (true once one is set). */
export async function getPasswordRequired(): Promise<boolean> {
  const data = await callApi('isEppPasswordSet');
  return data.value;
}

export const passwordRequiredQueryOptions = () => queryOptions({ queryKey: eppKeys.passwordRequired(), queryFn: getPasswordRequired, staleTime: 0 });

export function usePasswordRequired() {
  return useQuery(passwordRequiredQueryOptions());
}
