import type { MySession } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

/** The caller's open sessions, this one first. */
export async function getMySessions(): Promise<MySession[]> {
  return (await callApi('listMySessions')).sessions;
}

/** Fetched afresh when the page mounts: other browsers' last use changes all the time. */
export const mySessionsQueryOptions = () => queryOptions({ queryKey: accountKeys.sessions(), queryFn: getMySessions, staleTime: 0 });

export function useMySessions() {
  return useQuery(mySessionsQueryOptions());
}
