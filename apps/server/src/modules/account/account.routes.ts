import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import {
  changeMyPassword,
  confirmTotpEnrolment,
  endMyOtherSessions,
  endMySession,
  getMyAccount,
  listMySessions,
  startTotpEnrolment,
  type AccountDeps,
} from './account.service';
import { addPasskey, listMyPasskeys, removePasskey, renameMyPasskey, startPasskeyRegistration } from './passkeys.service';

type AccountOperations =
  | 'getMyAccount'
  | 'changeMyPassword'
  | 'startTotpEnrolment'
  | 'confirmTotpEnrolment'
  | 'listMySessions'
  | 'endMySession'
  | 'endMyOtherSessions'
  | 'listMyPasskeys'
  | 'startPasskeyRegistration'
  | 'addPasskey'
  | 'removePasskey'
  | 'renamePasskey';

/** The caller's own account (My account): always their own, named by the token. */
export function accountHandlers(app: FastifyInstance): Pick<ApiHandlers, AccountOperations> {
  const deps: AccountDeps = {
    db: app.db,
    directory: app.userDirectory,
    outbox: app.outbox,
    config: app.config,
    now: () => new Date(),
    sessionEndsTold: () => app.changeNotices.caughtUp(),
  };
  return {
    getMyAccount: (_input, { user }) => getMyAccount(deps, user),
    changeMyPassword: async ({ body }, { user }) => changeMyPassword(deps, user, body).then(() => null),
    startTotpEnrolment: (_input, { user }) => startTotpEnrolment(deps, user),
    confirmTotpEnrolment: async ({ body }, { user }) => confirmTotpEnrolment(deps, user, body).then(() => null),
    listMySessions: (_input, { user }) => listMySessions(deps, user),
    endMySession: async ({ params }, { user }) => endMySession(deps, user, params.sessionId).then(() => null),
    endMyOtherSessions: (_input, { user }) => endMyOtherSessions(deps, user),
    listMyPasskeys: (_input, { user }) => listMyPasskeys(deps, user),
    startPasskeyRegistration: (_input, { user }) => startPasskeyRegistration(deps, user),
    addPasskey: ({ body }, { user }) => addPasskey(deps, user, body),
    removePasskey: async ({ params }, { user }) => removePasskey(deps, user, params.passkeyId).then(() => null),
    renamePasskey: ({ params, body }, { user }) => renameMyPasskey(deps, user, params.passkeyId, body),
  };
}
