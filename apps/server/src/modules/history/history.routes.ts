import type { FastifyInstance } from 'fastify';
import { can } from '@registrar-panel/contract';
import type { SignedInUser } from '../../plugins/auth';
import type { ApiHandlers } from '../../plugins/api-routes';
import { getHistory, getHistoryCsv } from './history.service';

/** An ADMIN reading the history sees the reads this instance still holds (the log writes them a moment later otherwise). */
async function flushPersonalData(app: FastifyInstance, user: SignedInUser): Promise<void> {
  if (can(user.roles, 'readPersonalDataLog')) await app.personalDataLog?.flush();
}

/**
 * `/services/registrar/history`: the caller's registrar's history, read only (no call changes or
 * deletes an entry; the retention job removes old ones). Scoped to the token's registrar.
 */
export function historyHandlers(app: FastifyInstance): Pick<ApiHandlers, 'getHistory' | 'exportHistory'> {
  return {
    getHistory: async ({ query: { page, ...filter } }, { user, reads }) => {
      await flushPersonalData(app, user);
      return getHistory(reads.db, user, filter, page);
    },
    exportHistory: async ({ query: { page: _page, ...filter } }, { user, reads }) => {
      await flushPersonalData(app, user);
      return getHistoryCsv({ db: app.db, reads }, user, filter);
    },
  };
}
