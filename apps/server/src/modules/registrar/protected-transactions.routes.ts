import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { getProtectedTransactions } from './protected-transactions.service';

export function protectedTransactionHandlers(app: FastifyInstance): Pick<ApiHandlers, 'getProtectedTransactions'> {
  return {
    getProtectedTransactions: async (_input, { user }) => ({ protectedTransactions: await getProtectedTransactions(app.db, user) }),
  };
}
