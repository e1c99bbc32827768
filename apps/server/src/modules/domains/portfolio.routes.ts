import type { FastifyInstance } from 'fastify';
import type { PortfolioOverview } from '@registrar-panel/contract';
import { sendCsv } from '../../lib/csv-file';
import { ok } from '../../plugins/envelope';
import { getForecastCsv, getPortfolioOverview } from './portfolio.service';

/** `GET /services/domains/overview` and its renewal forecast as CSV: the caller's registrar's portfolio, counted. */
export async function portfolioRoutes(app: FastifyInstance) {
  app.get('/domains/overview', async (request) => ok<{ overview: PortfolioOverview }>({ overview: await getPortfolioOverview(app.db, request.user) }));

  app.get('/domains/overview/forecast/csv', async (request, reply) => sendCsv(reply, await getForecastCsv(app.db, request.user)));
}
