import { compareUsers, type PanelUser } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { eppKeys } from './query-keys';

/**
 * Who a reset link is mailed to: the registrar's ADMIN users, as the confirmation names them. Read
 * from the users list, which only an ADMIN (the one who may ask for a link) can read.
 */
export async function getResetLinkRecipients(): Promise<PanelUser[]> {
  const data = await callApi('listUsers');
  return data.users.filter((user) => user.roles.includes('ADMIN')).sort(compareUsers);
}

export const resetLinkRecipientsQueryOptions = () => queryOptions({ queryKey: eppKeys.resetLinkRecipients(), queryFn: getResetLinkRecipients, staleTime: 0 });

export function useResetLinkRecipients(enabled: boolean) {
  return useQuery({ ...resetLinkRecipientsQueryOptions(), enabled });
}
