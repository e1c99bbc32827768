import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { getForecastCsv, getPortfolioOverview } from './portfolio.service';

/** `GET /services/domains/overview` and its renewal forecast as CSV: the caller's registrar's portfolio, counted. */
export function portfolioHandlers(app: FastifyInstance): Pick<ApiHandlers, 'getPortfolioOverview' | 'exportRenewalForecast'> {
  return {
    getPortfolioOverview: async (_input, { user, reads }) => ({ overview: await getPortfolioOverview(reads.db, user) }),
    exportRenewalForecast: async (_input, { user, reads }) => getForecastCsv({ db: app.db, reads }, user),
  };
}
