import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import {
  changeEndpoint,
  createEndpoint,
  getDeliveries,
  getEndpoints,
  redeliver,
  removeEndpoint,
  rotateSecret,
  sendTestEvent,
  setEndpointEnabled,
  type WebhooksDeps,
} from './webhooks.service';

type WebhookOperations =
  | 'listWebhookEndpoints'
  | 'createWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'setWebhookEndpointEnabled'
  | 'rotateWebhookSecret'
  | 'sendWebhookTestEvent'
  | 'listWebhookDeliveries'
  | 'redeliverWebhookEvent';

/** `/services/webhooks`: the registrar's webhook endpoints (ADMIN; no key may call them), scoped to the caller's registrar. */
export function webhookHandlers(app: FastifyInstance, extra: Partial<Pick<WebhooksDeps, 'resolver'>> = {}): Pick<ApiHandlers, WebhookOperations> {
  const deps: WebhooksDeps = { db: app.db, config: app.config, directory: app.userDirectory, outbox: app.outbox, log: app.log, ...extra };
  return {
    listWebhookEndpoints: async (_input, { user }) => ({ endpoints: await getEndpoints(app.db, user) }),
    createWebhookEndpoint: async ({ body }, { user }) => createEndpoint(deps, user, body),
    updateWebhookEndpoint: async ({ params, body }, { user }) => ({ endpoint: await changeEndpoint(deps, user, params.id, body) }),
    deleteWebhookEndpoint: async ({ params }, { user }) => {
      await removeEndpoint(deps, user, params.id);
      return null;
    },
    setWebhookEndpointEnabled: async ({ params, body }, { user }) => ({ endpoint: await setEndpointEnabled(deps, user, params.id, body.enabled) }),
    rotateWebhookSecret: async ({ params }, { user }) => rotateSecret(deps, user, params.id),
    sendWebhookTestEvent: async ({ params }, { user }) => sendTestEvent(deps, user, params.id),
    listWebhookDeliveries: async ({ params, query }, { user }) => getDeliveries(app.db, user, params.id, query.page),
    redeliverWebhookEvent: async ({ params }, { user }) => redeliver(deps, user, params.id, params.deliveryId),
  };
}
