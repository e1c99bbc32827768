import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { getDomainReport } from './report.service';

/** The domain report, streamed; the service refuses any handle but the caller's own (404). */
export function reportHandlers(app: FastifyInstance): Pick<ApiHandlers, 'downloadDomainReport'> {
  return {
    downloadDomainReport: async ({ params }, { user, reads }) => getDomainReport({ db: app.db, reads }, user, params.handle),
  };
}
