import type { ApiKey } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { apiKeyKeys } from './query-keys';

/** The registrar's keys, newest first, revoked and expired ones included (for the record). */
export async function getApiKeys(): Promise<ApiKey[]> {
  return (await callApi('listApiKeys')).apiKeys;
}

/** Fetched afresh when the page mounts: the last use changes whenever the registrar's tooling calls. */
export const apiKeysQueryOptions = () => queryOptions({ queryKey: apiKeyKeys.list(), queryFn: getApiKeys, staleTime: 0 });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
