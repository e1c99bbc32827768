import type { FastifyInstance } from 'fastify';
import { eppIpListSchema, eppPasswordChangeSchema, type EppIpAddressesResponse, type EppPasswordRequiredResponse } from '@registrar-panel/contract';
import { parseInput } from '../../errors';
import { ok } from '../../plugins/envelope';
import { byRegistrar, byUser, limitRequests } from '../../plugins/rate-limits';
import { eppChangeNotices } from './epp-change-notices';
import { eppIpService } from './epp-ip.service';
import { eppPasswordService } from './epp-password.service';

/** `/services/registrar/epp`: the EPP allow-list and password of the caller's own registrar. */
export async function eppRoutes(app: FastifyInstance) {
  const notices = eppChangeNotices({ directory: app.userDirectory, outbox: app.outbox, log: app.log, supportEmail: app.config.supportEmail });
  const ipAddresses = eppIpService(app.db, notices);
  const password = eppPasswordService(app.db, app.userDirectory, notices, app.config.tld);

  app.get('/registrar/epp/ip', async (request) => ok<EppIpAddressesResponse>({ ipAddresses: await ipAddresses.list(request.user) }));

  // Answers the list as saved (canonical form), so the client shows what the EPP server will use.
  app.put('/registrar/epp/ip', async (request) => {
    const input = parseInput(eppIpListSchema, request.body);
    return ok<EppIpAddressesResponse>({ ipAddresses: await ipAddresses.replace(request.user, input) });
  });

  app.get('/registrar/epp/password/required', async (request) => ok<EppPasswordRequiredResponse>({ value: await password.isCurrentRequired(request.user) }));

  // Every try counts, right or wrong: the current password cannot be guessed through this form.
  app.put('/registrar/epp/password', { onRequest: limitRequests(byUser('eppPasswordPerUser'), byRegistrar('eppPasswordPerRegistrar')) }, async (request) => {
    const input = parseInput(eppPasswordChangeSchema, request.body);
    await password.change(request.user, input);
    return ok(null);
  });
}
