import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/envelope';
import { byAddress, byUser, limitRequests } from '../../plugins/rate-limits';
import { meService } from './me.service';

/** The signed-in user's own account: every role may use it. */
export async function meRoutes(app: FastifyInstance) {
  const service = meService(app.userDirectory, app.log);
  // Each call mails a link: limited so that a script cannot fill a mailbox (or the mail relay's quota).
  const limits = limitRequests(byAddress('resetMailPerIp'), byUser('resetMailPerAccount'));
  // The user's own sign-in, not the registrar's data: open to a suspended registrar's users too (plugins/registrar-status.ts).
  app.delete('/me/password', { config: { allowedWhileSuspended: true }, onRequest: limits }, async (request) => {
    await service.requestPasswordReset(request.user);
    return ok(null);
  });
}
