import { compareUsers, type PanelUser } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { userKeys } from './query-keys';

export async function getUsers(): Promise<PanelUser[]> {
  const data = await callApi('listUsers');
  return [...data.users].sort(compareUsers);
}

/** Always fetched afresh when the page mounts: the list reloads on every navigation (spec section 2). */
export const usersQueryOptions = () => queryOptions({ queryKey: userKeys.list(), queryFn: getUsers, staleTime: 0 });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
