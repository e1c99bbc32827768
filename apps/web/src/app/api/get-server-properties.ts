import { tldProperty, type ServerProperties } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const getServerProperties = (): Promise<ServerProperties> => callApi('getServerProperties');

/** Server properties do not change while the app runs: loaded once. */
export const serverPropertiesQueryOptions = queryOptions({
  queryKey: ['server-properties'],
  queryFn: getServerProperties,
  staleTime: Infinity,
});

/** The top-level domain shown in the header, e.g. 'be'; undefined until loaded. */
export function useTopLevelDomain(): string | undefined {
  return useQuery(serverPropertiesQueryOptions).data?.properties[tldProperty];
}
