import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { getContact } from './contact.service';

/** `GET /services/contacts/{handle}` (the handle URL-encoded). */
export function contactHandlers(app: FastifyInstance): Pick<ApiHandlers, 'getContact'> {
  return {
    getContact: async ({ params }, { user }) => ({ contact: await getContact(app.db, user.registrarHandle, params.handle) }),
  };
}
