import type { FastifyInstance } from 'fastify';
import { recordCountHeader, type PortfolioOverview } from '@registrar-panel/contract';
import { csvContentType } from '../../lib/csv';
import { ok } from '../../plugins/envelope';
import { attachment } from '../registrar/content-disposition';
import { getForecastCsv, getPortfolioOverview } from './portfolio.service';

/** `GET /services/domains/overview` and its renewal forecast as CSV: the caller's registrar's portfolio, counted. */
export async function portfolioRoutes(app: FastifyInstance) {
  app.get('/domains/overview', async (request) => ok<{ overview: PortfolioOverview }>({ overview: await getPortfolioOverview(app.db, request.user) }));

  app.get('/domains/overview/forecast/csv', async (request, reply) => {
    const csv = await getForecastCsv(app.db, request.user);
    return reply
      .header('content-type', csvContentType)
      .header('content-disposition', attachment(csv.fileName))
      .header(recordCountHeader, String(csv.body.split('\r\n').length - 2))
      .send(csv.body);
  });
}
