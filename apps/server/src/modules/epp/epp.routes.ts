import { productNameOf } from '../../identity/directory/identity-mail';
import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { eppChangeNotices } from './epp-change-notices';
import { eppIpService } from './epp-ip.service';
import { eppPasswordService } from './epp-password.service';

type EppOperation = 'getEppIpAddresses' | 'replaceEppIpAddresses' | 'isEppPasswordSet' | 'changeEppPassword';

/** `/services/registrar/epp`: the EPP allow-list and password of the caller's own registrar. */
export function eppHandlers(app: FastifyInstance): Pick<ApiHandlers, EppOperation> {
  const notices = eppChangeNotices({
    directory: app.userDirectory,
    outbox: app.outbox,
    log: app.log,
    supportEmail: app.config.supportEmail,
    productName: productNameOf(app.config.tld),
  });
  const ipAddresses = eppIpService(app.db, notices);
  const password = eppPasswordService(app.db, app.userDirectory, notices, app.config.tld);
  return {
    getEppIpAddresses: async (_input, { user }) => ({ ipAddresses: await ipAddresses.list(user) }),
    // Answers the list as saved (canonical form), so the client shows what the EPP server will use.
    replaceEppIpAddresses: async ({ body }, { user }) => ({ ipAddresses: await ipAddresses.replace(user, body) }),
    isEppPasswordSet: async (_input, { user }) => ({ value: await password.isCurrentRequired(user) }),
    // Every try counts against its limits (plugins/route-limits.ts), right or wrong.
    changeEppPassword: async ({ body }, { user }) => password.change(user, body).then(() => null),
  };
}
