import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { billingHandlers } from './billing.routes';
import { updatePublicContact, updateWhoisContact } from './contacts.service';
import { protectedTransactionHandlers } from './protected-transactions.routes';
import { setRegistrarLanguage } from './registrar-language.service';
import { getRegistrar } from './registrar.service';
import { reportHandlers } from './report.routes';

type RegistrarOperation =
  | 'getRegistrar'
  | 'updatePublicContact'
  | 'updateWhoisContact'
  | 'getProtectedTransactions'
  | 'getBillingLines'
  | 'exportBillingLines'
  | 'downloadDomainReport'
  | 'setRegistrarLanguage';

/**
 * `/services/registrar`: the caller's own registrar. Every call is scoped to the registrar handle of
 * the token; none takes another registrar's identifier, except the report, which checks it.
 */
export function registrarHandlers(app: FastifyInstance): Pick<ApiHandlers, RegistrarOperation> {
  return {
    getRegistrar: async (_input, { user }) => ({ registrar: await getRegistrar(app.db, user) }),
    // Both saves answer the saved registrar, so the client has the new version without another call.
    updatePublicContact: async ({ body }, { user }) => ({ registrar: await updatePublicContact(app.db, user, body) }),
    updateWhoisContact: async ({ body }, { user }) => ({ registrar: await updateWhoisContact(app.db, user, body) }),
    setRegistrarLanguage: async ({ body }, { user }) => ({ registrar: await setRegistrarLanguage(app.db, user, body.language) }),
    ...protectedTransactionHandlers(app),
    ...billingHandlers(app),
    ...reportHandlers(app),
  };
}
