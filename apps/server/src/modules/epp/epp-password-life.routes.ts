import type { FastifyInstance } from 'fastify';
import { productNameOf } from '../../identity/directory/identity-mail';
import type { ApiHandlers } from '../../plugins/api-routes';
import { eppChangeNotices } from './epp-change-notices';
import { getEppPasswordLife } from './epp-password-life.service';
import { checkEppPasswordResetLink, requestEppPasswordResetLink, setEppPasswordWithLink } from './epp-password-reset.service';

type LifeOperation = 'getEppPasswordLife' | 'requestEppPasswordResetLink' | 'checkEppPasswordResetLink' | 'setEppPasswordWithLink';

/** The EPP password's age and its reset link, for the caller's own registrar (issue 31). */
export function eppPasswordLifeHandlers(app: FastifyInstance): Pick<ApiHandlers, LifeOperation> {
  const { config } = app;
  const productName = productNameOf(config.tld);
  const notices = eppChangeNotices({ directory: app.userDirectory, outbox: app.outbox, log: app.log, supportEmail: config.supportEmail, productName });
  const mail = { publicUrl: config.publicUrl, supportEmail: config.supportEmail, productName };
  const deps = { db: app.db, directory: app.userDirectory, notices, tld: config.tld, outbox: app.outbox, mail };
  return {
    getEppPasswordLife: async (_input, { user }) => getEppPasswordLife({ db: app.db, maxAgeDays: config.eppPasswordMaxAgeDays }, user),
    requestEppPasswordResetLink: async (_input, { user }) => requestEppPasswordResetLink(deps, user),
    checkEppPasswordResetLink: async ({ body }, { user }) => checkEppPasswordResetLink(deps, user, body),
    setEppPasswordWithLink: async ({ body }, { user }) => setEppPasswordWithLink(deps, user, body).then(() => null),
  };
}
