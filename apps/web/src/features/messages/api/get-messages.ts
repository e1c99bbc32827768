import type { RegistryMessagesResponse } from '@registrar-panel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { MessageFilter } from '../messages-location';
import { messageKeys } from './query-keys';

/** One page of the caller's messages (newest first, older than `before`), with the pinned announcements. */
export async function getMessages(filter: MessageFilter, before: string | undefined): Promise<RegistryMessagesResponse> {
  return callApi('listRegistryMessages', { query: { ...filter, before } });
}

/** The page shown stays while another filter's page loads. */
export function useMessages(filter: MessageFilter, before: string | undefined) {
  return useQuery({
    queryKey: messageKeys.list(filter, before),
    queryFn: () => getMessages(filter, before),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
