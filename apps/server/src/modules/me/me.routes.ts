import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/envelope';
import { MeService } from './me.service';

/** The signed-in user's own account: every role may use it. */
export async function meRoutes(app: FastifyInstance) {
  const service = new MeService(app.userDirectory);
  app.delete('/me/password', async (request) => {
    await service.requestPasswordReset(request.user);
    return ok(null);
  });
}
