import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { meService } from './me.service';

/** The signed-in user's own account: every role may use it, also while the registrar is suspended (its entry says so). */
export function meHandlers(app: FastifyInstance): Pick<ApiHandlers, 'requestPasswordReset' | 'setMyLanguage'> {
  const service = meService(app.userDirectory, app.log);
  return {
    // Each call mails a link: limited per address and per account (plugins/route-limits.ts).
    requestPasswordReset: async (_input, { user }) => service.requestPasswordReset(user).then(() => null),
    setMyLanguage: async ({ body }, { user }) => service.setLanguage(user, body.language).then(() => null),
  };
}
