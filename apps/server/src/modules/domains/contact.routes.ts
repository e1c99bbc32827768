import type { FastifyInstance } from 'fastify';
import type { RegistryContact } from '@registrar-panel/contract';
import { authorize } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { getContact } from './contact.service';

/** `GET /services/contacts/{handle}` (the handle URL-encoded). */
export async function contactRoutes(app: FastifyInstance) {
  app.get<{ Params: { handle: string } }>('/contacts/:handle', async (request) => {
    authorize(request.user, 'readRegistrations');
    return ok<{ contact: RegistryContact }>({ contact: await getContact(app.db, request.user.registrarHandle, request.params.handle) });
  });
}
