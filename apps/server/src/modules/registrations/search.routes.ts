import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { exportSearch } from './search-export.service';
import { searchDomains } from './search.service';

/**
 * `GET /services/domains/search?ulabel&page&size[&checkpoint][&filters]`: the caller's registrations
 * by name and the portfolio's filters; `GET /services/domains/search/csv?ulabel[&filters]`: all of them as CSV.
 */
export function searchHandlers(app: FastifyInstance): Pick<ApiHandlers, 'searchRegistrations' | 'exportRegistrations'> {
  return {
    searchRegistrations: async ({ query }, { user, reads }) => searchDomains(reads.db, app.config.tld, { registrarHandle: user.registrarHandle, ...query }),
    exportRegistrations: async ({ query }, { user, reads }) => exportSearch({ db: app.db, reads }, app.config.tld, user, query),
  };
}
