import type { FastifyInstance } from 'fastify';
import { historyQuerySchema, type HistoryResponse } from '@registrar-panel/contract';
import { parseInput } from '../../errors';
import { csvContentType } from '../../lib/csv';
import { ok } from '../../plugins/envelope';
import { attachment } from '../registrar/content-disposition';
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
    const { fileName, body } = await getHistoryCsv(app.db, request.user, filter);
    return reply.header('content-type', csvContentType).header('content-disposition', attachment(fileName)).header('cache-control', 'no-store').send(body);
  });
}
