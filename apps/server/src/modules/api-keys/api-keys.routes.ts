import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { createApiKey, getApiKeys, revokeOwnApiKey } from './api-keys.service';

/** `/services/apiKeys`: the registrar's API keys (ADMIN; no key may call them), scoped to the caller's registrar. */
export function apiKeyHandlers(app: FastifyInstance): Pick<ApiHandlers, 'listApiKeys' | 'createApiKey' | 'revokeApiKey'> {
  const deps = { db: app.db, directory: app.userDirectory, outbox: app.outbox, log: app.log, config: app.config };
  return {
    listApiKeys: async (_input, { user }) => ({ apiKeys: await getApiKeys(app.db, user) }),
    // The answer holds the secret, the only time it is shown.
    createApiKey: async ({ body }, { user }) => createApiKey(deps, user, body),
    // Also while the registrar is SUSPENDED (the entry's `allowedWhileSuspended`): its keys still read, so a leaked one must still be stoppable.
    revokeApiKey: async ({ params }, { user }) => ({ apiKey: await revokeOwnApiKey(app.db, user, params.id) }),
  };
}
