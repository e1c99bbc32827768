import { messagesKey } from '../../../lib/unread-messages';
import type { MessageFilter } from '../messages-location';

/** Query keys of the inbox; under the bell's (lib/unread-messages.ts), so one prefix holds both. */
export const messageKeys = {
  lists: [...messagesKey, 'list'] as const,
  list: (filter: MessageFilter, before: string | undefined) => [...messagesKey, 'list', filter, before ?? null] as const,
};
