import type { FastifyInstance } from 'fastify';
import type { ActivityResponse, CreatedUserResponse, Envelope, LoginAttemptsResponse, UsersResponse } from '@registrar-panel/contract';
import { ok } from '../../plugins/envelope';
import { byAddress, byUser, limitRequests } from '../../plugins/rate-limits';
import { recentAuthenticationRequired } from '../../plugins/recent-authentication';
import { usersService } from './users.service';

interface UserParams {
  /** The full username, with '@' and the registrar handle. */
  username: string;
}

/** User management; the service authorises (ADMIN only) and scopes every call to the caller's registrar. */
export async function userRoutes(app: FastifyInstance) {
  const service = usersService(app.userDirectory, app.db, app.log);

  app.get('/users', async (request): Promise<Envelope<UsersResponse>> => ok({ users: await service.list(request.user) }));

  // Each new user is mailed an activation link.
  const creationLimits = limitRequests(byAddress('userCreationPerIp'), byUser('userCreationPerUser'));
  app.post('/users', { onRequest: creationLimits }, async (request, reply): Promise<Envelope<CreatedUserResponse>> => {
    const created = await service.create(request.user, request.body);
    reply.status(201);
    return ok(created);
  });

  // The activation mail again, for a user who has not activated yet; limited as creation is.
  app.post<{ Params: UserParams }>('/users/:username/activation', { onRequest: creationLimits }, async (request): Promise<Envelope<null>> => {
    await service.sendActivation(request.user, request.params.username);
    return ok(null);
  });

  // A changed email takes the user's reset links with it: a recent sign-in first.
  app.put<{ Params: UserParams }>('/users/:username', { config: recentAuthenticationRequired }, async (request): Promise<Envelope<null>> => {
    await service.update(request.user, request.params.username, request.body);
    return ok(null);
  });

  app.delete<{ Params: UserParams }>('/users/:username', async (request): Promise<Envelope<null>> => {
    await service.remove(request.user, request.params.username);
    return ok(null);
  });

  // Disable (sign-in refused, sessions ended) or enable again: `{ enabled: boolean }`.
  app.put<{ Params: UserParams }>('/users/:username/enabled', async (request): Promise<Envelope<null>> => {
    await service.setEnabled(request.user, request.params.username, request.body);
    return ok(null);
  });

  // The last day the user may sign in: `{ accessEnd: 'YYYY-MM-DD' | null }`.
  app.put<{ Params: UserParams }>('/users/:username/accessEnd', async (request): Promise<Envelope<null>> => {
    await service.setAccessEnd(request.user, request.params.username, request.body);
    return ok(null);
  });

  app.delete<{ Params: UserParams }>('/users/:username/totp', { config: recentAuthenticationRequired }, async (request): Promise<Envelope<null>> => {
    await service.resetTotp(request.user, request.params.username);
    return ok(null);
  });

  app.get<{ Params: UserParams }>('/users/:username/activity', async (request): Promise<Envelope<ActivityResponse>> =>
    ok({ results: await service.activity(request.user, request.params.username, request.query) }),
  );

  app.get<{ Params: UserParams }>('/users/:username/loginAttempts', async (request): Promise<Envelope<LoginAttemptsResponse>> =>
    ok({ results: await service.loginAttempts(request.user, request.params.username, request.query) }),
  );
}
