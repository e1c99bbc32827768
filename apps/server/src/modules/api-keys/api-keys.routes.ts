import type { FastifyInstance } from 'fastify';
import type { ApiKey, ApiKeyCreatedResponse, ApiKeysResponse, Envelope } from '@registrar-panel/contract';
import { ok } from '../../plugins/envelope';
import { byUser, limitRequests } from '../../plugins/rate-limits';
import { createApiKey, getApiKeys, revokeOwnApiKey } from './api-keys.service';

/**
 * `/services/apiKeys`: the registrar's API keys. ADMIN only, scoped to the caller's registrar (the
 * service authorises); no key may call these routes, they are not in `apiKeyRoutes`.
 */
export async function apiKeyManagementRoutes(app: FastifyInstance) {
  const deps = { db: app.db, directory: app.userDirectory, outbox: app.outbox, log: app.log, config: app.config };

  app.get('/apiKeys', async (request): Promise<Envelope<ApiKeysResponse>> => ok({ apiKeys: await getApiKeys(app.db, request.user) }));

  // 201 as for a new user; the answer holds the secret, the only time it is shown.
  app.post('/apiKeys', { onRequest: limitRequests(byUser('apiKeyCreationPerUser')) }, async (request, reply): Promise<Envelope<ApiKeyCreatedResponse>> => {
    const created = await createApiKey(deps, request.user, request.body);
    reply.status(201);
    return ok(created);
  });

  // Also while the registrar is SUSPENDED (plugins/registrar-status.ts): its keys still read, so a leaked one must still be stoppable.
  app.delete<{ Params: { id: string } }>('/apiKeys/:id', { config: { allowedWhileSuspended: true } }, async (request): Promise<Envelope<{ apiKey: ApiKey }>> =>
    ok({ apiKey: await revokeOwnApiKey(app.db, request.user, request.params.id) }),
  );
}
