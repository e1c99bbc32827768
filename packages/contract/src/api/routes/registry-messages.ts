import { registryMessageReadSchema, registryMessagesQuerySchema } from '../../registry-messages';
import { operation } from '../operations';
import { registryMessagesAnswer, unreadRegistryMessagesAnswer } from '../responses/registry-messages';
import type { ApiRoute } from '../route';
import { registryMessageIdParams } from './params';

const whoSees = 'Users who read registrations see the messages to their registrar and the announcements; other roles see the announcements only.';

/* The registry's messages: the inbox, the bell's count, read marks and dismissed announcements (per user). */
export const registryMessageRoutes = [
  {
    ...operation('listRegistryMessages'),
    reads: 'replica',
    tag: 'messages',
    summary: "List the registry's messages",
    description: `Newest first, announcements not yet dismissed first of all, with filters; paged by the \`next\` cursor. ${whoSees}`,
    access: 'readMessages',
    query: registryMessagesQuerySchema,
    answer: { kind: 'json', status: 200, data: registryMessagesAnswer, description: 'One page of messages.' },
  },
  {
    ...operation('countUnreadRegistryMessages'),
    tag: 'messages',
    summary: "Count the caller's unread messages",
    description: `What the bell shows, up to 100. ${whoSees}`,
    access: 'readMessages',
    answer: { kind: 'json', status: 200, data: unreadRegistryMessagesAnswer, description: 'The count.' },
  },
  {
    ...operation('markAllRegistryMessagesRead'),
    tag: 'messages',
    summary: 'Mark every message read',
    description: `Every message the caller sees is marked read for the caller. ${whoSees}`,
    access: 'readMessages',
    answer: { kind: 'json', status: 200, data: unreadRegistryMessagesAnswer, description: 'The count after.' },
  },
  {
    ...operation('markRegistryMessageRead'),
    tag: 'messages',
    summary: 'Mark one message read or unread',
    description: 'For the caller only; other users of the registrar keep their own marks.',
    access: 'readMessages',
    params: registryMessageIdParams,
    body: registryMessageReadSchema,
    answer: { kind: 'json', status: 200, data: unreadRegistryMessagesAnswer, description: 'The count after.' },
    errors: { 404: ['error.notFound'] },
    example: { params: { id: '880001' }, body: { read: true } },
  },
  {
    ...operation('dismissRegistryAnnouncement'),
    tag: 'messages',
    summary: 'Dismiss an announcement',
    description: 'The announcement is no longer pinned above the other messages for the caller, and is read.',
    access: 'readMessages',
    params: registryMessageIdParams,
    answer: { kind: 'json', status: 200, data: unreadRegistryMessagesAnswer, description: 'The count after.' },
    errors: { 404: ['error.notFound'] },
    example: { params: { id: '880002' } },
  },
] as const satisfies readonly ApiRoute[];
