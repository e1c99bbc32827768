import { registryMessageLimits } from '@registrar-panel/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from './api-client';

/*
 * The caller's unread count of the registry's messages: asked by the bell in the header (app/layout)
 * and set by the inbox (features/messages) from each answer of a read mark, so both share the key.
 * Polled every `unreadPollSeconds` while the tab is visible (TanStack Query pauses an interval in a
 * hidden tab), again when the window gets the focus back; chosen over server-sent events by
 * measurement (`npm run bench:bell`, docs/decisions.md).
 */

/** Every query of the messages starts with it: the inbox's pages and the count. */
export const messagesKey = ['registryMessages'] as const;
export const unreadMessagesKey = [...messagesKey, 'unread'] as const;

async function getUnreadCount(): Promise<number> {
  // Quiet and in the background: a poll that fails keeps the last count, alerts nothing, covers nothing.
  return (await callApi('countUnreadRegistryMessages', { quiet: true, background: true })).unread;
}

/** The count, at most `unreadPollSeconds` old while the tab is visible; undefined until the first answer. */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({
    queryKey: unreadMessagesKey,
    queryFn: getUnreadCount,
    enabled,
    refetchInterval: registryMessageLimits.unreadPollSeconds * 1000,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  }).data;
}

/** The count a read mark's answer brings, shown at once (no wait for the next poll). */
export function setUnreadCount(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData(unreadMessagesKey, unread);
}

/** Whether the count reached the server's cap: the bell then says "99+". */
export const unreadCapped = (unread: number) => unread >= registryMessageLimits.unreadCountCap;
