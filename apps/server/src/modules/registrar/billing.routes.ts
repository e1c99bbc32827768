import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { getBillingCsv, getBillingLines } from './billing.service';

/** A month's billing lines, as JSON or CSV. */
export function billingHandlers(app: FastifyInstance): Pick<ApiHandlers, 'getBillingLines' | 'exportBillingLines'> {
  return {
    getBillingLines: async ({ query }, { user, reads }) => ({ results: await getBillingLines(reads.db, user, query) }),
    exportBillingLines: async ({ query }, { user, reads }) => getBillingCsv({ db: app.db, reads }, user, query),
  };
}
