import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { requestPasswordReset, setMyLanguage } from './me.service';

/** The signed-in user's own account: every role may use it, also while the registrar is suspended (its entry says so). */
export function meHandlers(app: FastifyInstance): Pick<ApiHandlers, 'requestPasswordReset' | 'setMyLanguage'> {
  const deps = { directory: app.userDirectory, log: app.log };
  return {
    // Each call mails a link: limited per address and per account (plugins/route-limits.ts).
    requestPasswordReset: async (_input, { user }) => requestPasswordReset(deps, user).then(() => null),
    setMyLanguage: async ({ body }, { user }) => setMyLanguage(deps, user, body.language).then(() => null),
  };
}
