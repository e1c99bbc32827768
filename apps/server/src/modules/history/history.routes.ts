import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { getHistory, getHistoryCsv } from './history.service';

/**
 * `/services/registrar/history`: the caller's registrar's history, read only (no call changes or
 * deletes an entry; the retention job removes old ones). Scoped to the token's registrar.
 */
export function historyHandlers(app: FastifyInstance): Pick<ApiHandlers, 'getHistory' | 'exportHistory'> {
  return {
    getHistory: async ({ query: { page, ...filter } }, { user, reads }) => getHistory(reads.db, user, filter, page),
    exportHistory: async ({ query: { page: _page, ...filter } }, { user, reads }) => getHistoryCsv({ db: app.db, reads }, user, filter),
  };
}
