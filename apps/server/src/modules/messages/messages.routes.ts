import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import * as service from './messages.service';

/** `/services/messages`: the caller's inbox and bell over the registry's messages. */
export function messageHandlers(
  app: FastifyInstance,
): Pick<
  ApiHandlers,
  'listRegistryMessages' | 'countUnreadRegistryMessages' | 'markAllRegistryMessagesRead' | 'markRegistryMessageRead' | 'dismissRegistryAnnouncement'
> {
  return {
    listRegistryMessages: async ({ query }, { user, reads }) => service.listMessages(reads.db, user, query),
    countUnreadRegistryMessages: async (_input, { user }) => service.unread(app.db, user),
    markAllRegistryMessagesRead: async (_input, { user }) => service.markAllRead(app.db, user),
    markRegistryMessageRead: async ({ params, body }, { user }) => service.markRead(app.db, user, params.id, body.read),
    dismissRegistryAnnouncement: async ({ params }, { user }) => service.dismissAnnouncement(app.db, user, params.id),
  };
}
