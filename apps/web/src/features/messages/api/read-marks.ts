import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { setUnreadCount } from '../../../lib/unread-messages';
import { messageKeys } from './query-keys';

/*
 * The caller's read marks: one message read or unread, every message read, an announcement dismissed.
 * Each answer carries the unread count after it, which the bell shows at once; the inbox reloads.
 */

const markRead = ({ id, read }: { id: number; read: boolean }) => callApi('markRegistryMessageRead', { params: { id: String(id) }, body: { read } });
const markAllRead = () => callApi('markAllRegistryMessagesRead');
const dismiss = (id: number) => callApi('dismissRegistryAnnouncement', { params: { id: String(id) } });

function useReadMark<V>(mutationFn: (variables: V) => Promise<{ unread: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async ({ unread }) => {
      setUnreadCount(queryClient, unread);
      await queryClient.invalidateQueries({ queryKey: messageKeys.lists });
    },
  });
}

export const useMarkRead = () => useReadMark(markRead);
export const useMarkAllRead = () => useReadMark(markAllRead);
export const useDismissAnnouncement = () => useReadMark(dismiss);
