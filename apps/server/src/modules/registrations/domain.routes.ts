import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { getDomain, getTransfer } from './domain.service';

/** `GET /services/domains/{domainName}` and `GET /services/transfer/{domainName}` (U-label or A-label). */
export function domainHandlers(app: FastifyInstance): Pick<ApiHandlers, 'getRegistration' | 'getTransfer'> {
  return {
    getRegistration: async ({ params }, { user }) => ({ domain: await getDomain(app.db, user.registrarHandle, params.domainName, app.config.tld) }),
    // A registration that never moved is no error: 200 with `no.transfer.history`, which the page tolerates (spec section 7).
    getTransfer: async ({ params }, { user, notice }) => {
      const transfer = await getTransfer(app.db, user.registrarHandle, params.domainName, app.config.tld);
      if (!transfer) notice('no.transfer.history');
      return { transfer };
    },
  };
}
