import type { FastifyInstance } from 'fastify';
import { domainSearchQuerySchema, type DomainSearchResponse } from '@registrar-panel/contract';
import { parseInput } from '../../errors';
import { authorize } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { searchDomains } from './search.service';

/** `GET /services/domains/search?ulabel&page&size[&checkpoint]`: the caller's registrations by name. */
export async function searchRoutes(app: FastifyInstance) {
  app.get('/domains/search', async (request) => {
    authorize(request.user, 'readRegistrations');
    const query = parseInput(domainSearchQuerySchema, request.query);
    return ok<DomainSearchResponse>(await searchDomains(app.db, app.config.tld, { registrarHandle: request.user.registrarHandle, ...query }));
  });
}
