import { productNameOf } from '../../identity/directory/identity-mail';
import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { eppChangeNotices } from './epp-change-notices';
import { listEppIpAddresses, replaceEppIpAddresses } from './epp-ip.service';
import { changeEppPassword, isEppPasswordSet } from './epp-password.service';

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
  const deps = { db: app.db, directory: app.userDirectory, notices, tld: app.config.tld };
  return {
    getEppIpAddresses: async (_input, { user, reads }) => ({ ipAddresses: await listEppIpAddresses({ db: reads.db }, user) }),
    // Answers the list as saved (canonical form), so the client shows what the EPP server will use.
    replaceEppIpAddresses: async ({ body }, { user }) => ({ ipAddresses: await replaceEppIpAddresses(deps, user, body) }),
    isEppPasswordSet: async (_input, { user, reads }) => ({ value: await isEppPasswordSet({ db: reads.db }, user) }),
    // Every try counts against its limits (plugins/route-limits.ts), right or wrong.
    changeEppPassword: async ({ body }, { user }) => changeEppPassword(deps, user, body).then(() => null),
  };
}
