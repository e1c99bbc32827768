import type { FastifyInstance } from 'fastify';
import type { DomainRegistration, DomainTransfer } from '@registrar-panel/contract';
import { authorize } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { getDomain, getTransfer } from './domain.service';

interface NameParams {
  domainName: string;
}

/** `GET /services/domains/{domainName}` and `GET /services/transfer/{domainName}` (U-label or A-label). */
export async function domainRoutes(app: FastifyInstance) {
  app.get<{ Params: NameParams }>('/domains/:domainName', async (request) => {
    authorize(request.user, 'readRegistrations');
    return ok<{ domain: DomainRegistration }>({ domain: await getDomain(app.db, request.user.registrarHandle, request.params.domainName, app.config.tld) });
  });

  app.get<{ Params: NameParams }>('/transfer/:domainName', async (request) => {
    authorize(request.user, 'readRegistrations');
    return ok<{ transfer: DomainTransfer }>({ transfer: await getTransfer(app.db, request.user.registrarHandle, request.params.domainName, app.config.tld) });
  });
}
