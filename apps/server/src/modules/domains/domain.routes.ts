import type { FastifyInstance } from 'fastify';
import { message, type DomainRegistration, type DomainTransfer, type Envelope } from '@registrar-panel/contract';
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

  // A registration that never moved is no error: 200 with `no.transfer.history`, which the page tolerates (spec section 7).
  app.get<{ Params: NameParams }>('/transfer/:domainName', async (request): Promise<Envelope<{ transfer: DomainTransfer | null }>> => {
    authorize(request.user, 'readRegistrations');
    const transfer = await getTransfer(app.db, request.user.registrarHandle, request.params.domainName, app.config.tld);
    return { data: { transfer }, messages: transfer ? [] : [message('no.transfer.history')] };
  });
}
