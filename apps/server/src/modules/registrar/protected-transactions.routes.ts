import type { FastifyInstance } from 'fastify';
import type { ProtectedTransactions } from '@registrar-panel/contract';
import { ok } from '../../plugins/envelope';
import { getProtectedTransactions } from './protected-transactions.service';

export async function protectedTransactionRoutes(app: FastifyInstance) {
  app.get('/thresholds/protectedTransactions', async (request) =>
    ok<{ protectedTransactions: ProtectedTransactions }>({ protectedTransactions: await getProtectedTransactions(app.db, request.user) }),
  );
}
