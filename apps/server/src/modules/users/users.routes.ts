import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import {
  createUser,
  deleteUser,
  listUsers,
  resetUserTotp,
  sendActivation,
  setUserAccessEnd,
  setUserEnabled,
  updateUser,
  userActivity,
  userLoginAttempts,
} from './users.service';
import { getPasskeyPolicy, removeUserPasskeys, setPasskeyPolicy, type UserPasskeysDeps } from './user-passkeys.service';

type UserOperation =
  | 'listUsers'
  | 'createUser'
  | 'sendActivation'
  | 'updateUser'
  | 'deleteUser'
  | 'setUserEnabled'
  | 'setUserAccessEnd'
  | 'resetUserTotp'
  | 'getUserActivity'
  | 'getUserLoginAttempts'
  | 'removeUserPasskeys'
  | 'getPasskeyPolicy'
  | 'setPasskeyPolicy';

/** User management (ADMIN): the service scopes every call to the caller's registrar and its own users. */
export function userHandlers(app: FastifyInstance): Pick<ApiHandlers, UserOperation> {
  const deps = { directory: app.userDirectory, db: app.db, log: app.log };
  const passkeyDeps: UserPasskeysDeps = { directory: app.userDirectory, db: app.db, outbox: app.outbox, config: app.config, now: () => new Date() };
  return {
    listUsers: async (_input, { user }) => ({ users: await listUsers(deps, user) }),
    // Each new user is mailed an activation link.
    createUser: async ({ body }, { user }) => createUser(deps, user, body),
    // The activation mail again, for a user who has not activated yet.
    sendActivation: async ({ params }, { user }) => sendActivation(deps, user, params.username).then(() => null),
    // A changed email takes the user's reset links with it: the entry asks for a recent sign-in.
    updateUser: async ({ params, body }, { user }) => updateUser(deps, user, params.username, body).then(() => null),
    deleteUser: async ({ params }, { user }) => deleteUser(deps, user, params.username).then(() => null),
    // Disable (sign-in refused, sessions ended) or enable again.
    setUserEnabled: async ({ params, body }, { user }) => setUserEnabled(deps, user, params.username, body).then(() => null),
    // The last day the user may sign in, parsed against today by the entry's dated body.
    setUserAccessEnd: async ({ params, body }, { user }) => setUserAccessEnd(deps, user, params.username, body).then(() => null),
    resetUserTotp: async ({ params }, { user }) => resetUserTotp(deps, user, params.username).then(() => null),
    getUserActivity: async ({ params, query }, { user }) => ({ results: await userActivity(deps, user, params.username, query.size) }),
    // Every passkey of a non-admin user; the spec's TOTP reset above keeps removing TOTP only.
    removeUserPasskeys: async ({ params }, { user }) => removeUserPasskeys(passkeyDeps, user, params.username),
    getPasskeyPolicy: async (_input, { user }) => getPasskeyPolicy(passkeyDeps, user),
    setPasskeyPolicy: async ({ body }, { user }) => setPasskeyPolicy(passkeyDeps, user, body),
    getUserLoginAttempts: async ({ params, query }, { user }) => ({ results: await userLoginAttempts(deps, user, params.username, query.size) }),
  };
}
