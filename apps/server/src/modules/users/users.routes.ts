import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { usersService } from './users.service';

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
  | 'getUserLoginAttempts';

/** User management (ADMIN): the service scopes every call to the caller's registrar and its own users. */
export function userHandlers(app: FastifyInstance): Pick<ApiHandlers, UserOperation> {
  const service = usersService(app.userDirectory, app.db, app.log);
  return {
    listUsers: async (_input, { user }) => ({ users: await service.list(user) }),
    // Each new user is mailed an activation link.
    createUser: async ({ body }, { user }) => service.create(user, body),
    // The activation mail again, for a user who has not activated yet.
    sendActivation: async ({ params }, { user }) => service.sendActivation(user, params.username).then(() => null),
    // A changed email takes the user's reset links with it: the entry asks for a recent sign-in.
    updateUser: async ({ params, body }, { user }) => service.update(user, params.username, body).then(() => null),
    deleteUser: async ({ params }, { user }) => service.remove(user, params.username).then(() => null),
    // Disable (sign-in refused, sessions ended) or enable again.
    setUserEnabled: async ({ params, body }, { user }) => service.setEnabled(user, params.username, body).then(() => null),
    // The last day the user may sign in, parsed against today by the entry's dated body.
    setUserAccessEnd: async ({ params, body }, { user }) => service.setAccessEnd(user, params.username, body).then(() => null),
    resetUserTotp: async ({ params }, { user }) => service.resetTotp(user, params.username).then(() => null),
    getUserActivity: async ({ params, query }, { user }) => ({ results: await service.activity(user, params.username, query.size) }),
    getUserLoginAttempts: async ({ params, query }, { user }) => ({ results: await service.loginAttempts(user, params.username, query.size) }),
  };
}
