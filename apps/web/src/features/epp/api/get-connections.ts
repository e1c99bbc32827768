import type { EppConnectionsResponse } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { eppKeys } from './query-keys';

export async function getConnections(): Promise<EppConnectionsResponse> {
  return callApi('getEppConnections');
}

// Fresh on every visit: a registrar looks here while it is trying to connect.
export const connectionsQueryOptions = () => queryOptions({ queryKey: eppKeys.connections(), queryFn: getConnections, staleTime: 0 });

export function useConnections() {
  return useQuery(connectionsQueryOptions());
}
