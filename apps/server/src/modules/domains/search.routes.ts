import type { FastifyInstance } from 'fastify';
import { domainSearchExportQuerySchema, domainSearchQuerySchema, type DomainSearchResponse } from '@registrar-panel/contract';
import { parseInput } from '../../errors';
import { sendCsv } from '../../lib/csv-file';
import { authorize } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { exportSearch } from './search-export.service';
import { searchDomains } from './search.service';

/**
 * `GET /services/domains/search?ulabel&page&size[&checkpoint][&filters]`: the caller's registrations
 * by name and the portfolio's filters; `GET /services/domains/search/csv?ulabel[&filters]`: all of them as CSV.
 */
export async function searchRoutes(app: FastifyInstance) {
  app.get('/domains/search', async (request) => {
    authorize(request.user, 'readRegistrations');
    const query = parseInput(domainSearchQuerySchema, request.query);
    return ok<DomainSearchResponse>(await searchDomains(app.db, app.config.tld, { registrarHandle: request.user.registrarHandle, ...query }));
  });

  app.get('/domains/search/csv', async (request, reply) => {
    authorize(request.user, 'readRegistrations');
    const query = parseInput(domainSearchExportQuerySchema, request.query);
    return sendCsv(reply, await exportSearch(app.database, app.config.tld, request.user, query));
  });
}
