import type { FastifyInstance } from 'fastify';
import { historyQuerySchema, type HistoryResponse } from '@registrar-panel/contract';
import { parseInput } from '../../errors';
import { sendCsv } from '../../lib/csv-file';
import { ok } from '../../plugins/envelope';
import { getHistory, getHistoryCsv } from './history.service';

/**
 * `/services/registrar/history`: the caller's registrar's history, read only (no call changes or
 * deletes an entry; the retention job removes old ones). Scoped to the token's registrar.
 */
export async function historyRoutes(app: FastifyInstance) {
  app.get('/registrar/history', async (request) => {
    const { page, ...filter } = parseInput(historyQuerySchema, request.query);
    return ok<HistoryResponse>(await getHistory(app.db, request.user, filter, page));
  });

  app.get('/registrar/history/csv', async (request, reply) => {
    const { page: _page, ...filter } = parseInput(historyQuerySchema, request.query);
    return sendCsv(reply, await getHistoryCsv(app.db, request.user, filter));
  });
}
