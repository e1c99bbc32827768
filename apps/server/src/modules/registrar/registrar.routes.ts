import type { FastifyInstance } from 'fastify';
import { publicContactSchema, whoisContactSchema, type RegistrarResponse } from '@registrar-panel/contract';
import { parseInput } from '../../errors';
import { ok } from '../../plugins/envelope';
import { billingRoutes } from './billing.routes';
import { updatePublicContact, updateWhoisContact } from './contacts.service';
import { protectedTransactionRoutes } from './protected-transactions.routes';
import { getRegistrar } from './registrar.service';
import { reportRoutes } from './report.routes';

/**
 * `/services/registrar`: the caller's own registrar. Every call is scoped to the registrar handle of
 * the token; none takes another registrar's identifier, except the report, which checks it.
 */
export async function registrarRoutes(app: FastifyInstance) {
  await app.register(
    async (registrar) => {
      registrar.get('/', async (request) => ok<RegistrarResponse>({ registrar: await getRegistrar(app.db, request.user) }));

      // Both saves answer the saved registrar, so the client has the new version without another call.
      registrar.put('/', async (request) => {
        const input = parseInput(publicContactSchema, request.body);
        return ok<RegistrarResponse>({ registrar: await updatePublicContact(app.db, request.user, input) });
      });
      registrar.post('/whoisContact', async (request) => {
        const input = parseInput(whoisContactSchema, request.body);
        return ok<RegistrarResponse>({ registrar: await updateWhoisContact(app.db, request.user, input) });
      });

      await registrar.register(protectedTransactionRoutes);
      await registrar.register(billingRoutes);
      await registrar.register(reportRoutes);
    },
    { prefix: '/registrar' },
  );
}
