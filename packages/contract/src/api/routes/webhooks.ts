import { webhookDeliveriesQuerySchema, webhookEnabledSchema, webhookEndpointSchema, eventStreamQuerySchema } from '../../webhooks';
import { operation } from '../operations';
import {
  eventStreamAnswer,
  webhookAttemptAnswer,
  webhookDeliveriesAnswer,
  webhookEndpointOneAnswer,
  webhookEndpointsAnswer,
  webhookSecretAnswer,
} from '../responses/webhooks';
import type { ApiRoute } from '../route';
import { webHandledKeys } from '../web-handled-keys';
import { webhookDeliveryParams, webhookIdParams } from './params';

const endpointFields = {
  url: 'The https:// address deliveries are POSTed to (plain http only to this machine, where the portal allows it). It must lead to a public internet address.',
  eventKinds: 'The kinds of event it receives: the history actions listed in `eventKinds`.',
  description: 'Optional, to recognise it by.',
};
const endpointErrors = { 400: ['validation.webhookUrl', 'validation.webhookEvents', 'webhooks.httpsRequired', 'webhooks.addressRefused'] } as const;
const example = { url: 'https://hooks.example.com/registry', eventKinds: ['user.create', 'epp.password.update'], description: 'Provisioning' };

/** The registrar's webhook endpoints (ADMIN; no key may call them). */
export const webhookRoutes = [
  {
    ...operation('listWebhookEndpoints'),
    tag: 'webhooks',
    summary: "List the registrar's webhook endpoints",
    description: 'Every endpoint, enabled or not, with its delivery state. Never a secret.',
    access: 'manageWebhooks',
    answer: { kind: 'json', status: 200, data: webhookEndpointsAnswer, description: 'The endpoints.' },
  },
  {
    ...operation('createWebhookEndpoint'),
    tag: 'webhooks',
    summary: 'Add a webhook endpoint',
    description:
      'Events of the kinds chosen are POSTed to the address as Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), in order, each retried for 24 hours. It receives the events that follow its creation. The answer holds the signing secret this once.',
    access: 'manageWebhooks',
    body: webhookEndpointSchema,
    fields: endpointFields,
    answer: { kind: 'json', status: 201, data: webhookSecretAnswer, description: 'The endpoint and its secret: shown this once.' },
    errors: { ...endpointErrors, 409: ['webhooks.tooMany'] },
    webHandles: webHandledKeys.createWebhookEndpoint,
    example: { body: example },
  },
  {
    ...operation('updateWebhookEndpoint'),
    tag: 'webhooks',
    summary: 'Change a webhook endpoint',
    description: 'Its address, events and description; its secret and its place in the stream stay.',
    access: 'manageWebhooks',
    params: webhookIdParams,
    body: webhookEndpointSchema,
    fields: endpointFields,
    answer: { kind: 'json', status: 200, data: webhookEndpointOneAnswer, description: 'The endpoint as changed.' },
    errors: { ...endpointErrors, 404: ['error.notFound'] },
    webHandles: webHandledKeys.updateWebhookEndpoint,
    example: { params: { id: '4f1c2a9e-8d7b-4c3a-9f0e-1a2b3c4d5e6f' }, body: example },
  },
  {
    ...operation('deleteWebhookEndpoint'),
    tag: 'webhooks',
    summary: 'Delete a webhook endpoint',
    description: 'Nothing more is sent to it; its delivery log goes with it.',
    access: 'manageWebhooks',
    params: webhookIdParams,
    answer: { kind: 'json', status: 200, data: null, description: 'Deleted.' },
    errors: { 404: ['error.notFound'] },
    example: { params: { id: '4f1c2a9e-8d7b-4c3a-9f0e-1a2b3c4d5e6f' } },
  },
  {
    ...operation('setWebhookEndpointEnabled'),
    tag: 'webhooks',
    summary: 'Enable or disable a webhook endpoint',
    description: 'A disabled endpoint receives nothing; enabled again, it goes on from the first event it has not received (those still kept: 90 days).',
    access: 'manageWebhooks',
    params: webhookIdParams,
    body: webhookEnabledSchema,
    fields: { enabled: 'true to send again, false to stop.' },
    answer: { kind: 'json', status: 200, data: webhookEndpointOneAnswer, description: 'The endpoint.' },
    errors: { 404: ['error.notFound'] },
    example: { params: { id: '4f1c2a9e-8d7b-4c3a-9f0e-1a2b3c4d5e6f' }, body: { enabled: false } },
  },
  {
    ...operation('rotateWebhookSecret'),
    tag: 'webhooks',
    summary: "Rotate a webhook endpoint's secret",
    description:
      'A new secret signs from now on; for 24 hours deliveries carry the previous secret’s signature too, so the receiver can switch over. The answer holds the new secret this once.',
    access: 'manageWebhooks',
    params: webhookIdParams,
    answer: { kind: 'json', status: 200, data: webhookSecretAnswer, description: 'The endpoint and its new secret: shown this once.' },
    errors: { 404: ['error.notFound'] },
    example: { params: { id: '4f1c2a9e-8d7b-4c3a-9f0e-1a2b3c4d5e6f' } },
  },
  {
    ...operation('sendWebhookTestEvent'),
    tag: 'webhooks',
    summary: 'Send a test event',
    description: 'A `webhook.test` event is POSTed to the endpoint now, once, signed as any other; the answer is the attempt as the delivery log shows it.',
    access: 'manageWebhooks',
    params: webhookIdParams,
    answer: { kind: 'json', status: 200, data: webhookAttemptAnswer, description: 'The attempt: its outcome, status code and latency.' },
    errors: { 404: ['error.notFound'] },
    example: { params: { id: '4f1c2a9e-8d7b-4c3a-9f0e-1a2b3c4d5e6f' } },
  },
  {
    ...operation('listWebhookDeliveries'),
    tag: 'webhooks',
    summary: "A webhook endpoint's delivery log",
    description:
      'Every attempt of the last 30 days, newest first: time, outcome, status code, latency, attempt number; the address without query or user-info.',
    access: 'manageWebhooks',
    params: webhookIdParams,
    query: webhookDeliveriesQuerySchema,
    fields: { page: 'One-based.' },
    answer: { kind: 'json', status: 200, data: webhookDeliveriesAnswer, description: 'A page of attempts.' },
    errors: { 404: ['error.notFound'] },
    example: { params: { id: '4f1c2a9e-8d7b-4c3a-9f0e-1a2b3c4d5e6f' } },
  },
  {
    ...operation('redeliverWebhookEvent'),
    tag: 'webhooks',
    summary: 'Redeliver an event',
    description: 'The event of a logged attempt is POSTed again now, with the same `webhook-id`, once; the endpoint’s own order goes on as it was.',
    access: 'manageWebhooks',
    params: webhookDeliveryParams,
    answer: { kind: 'json', status: 200, data: webhookAttemptAnswer, description: 'The attempt.' },
    errors: { 404: ['error.notFound', 'webhooks.eventGone'] },
    example: { params: { id: '4f1c2a9e-8d7b-4c3a-9f0e-1a2b3c4d5e6f', deliveryId: '42' } },
  },
] as const satisfies readonly ApiRoute[];

/** The event stream, for API keys with the `events` scope (and users who may read the history). */
export const eventStreamRoutes = [
  {
    ...operation('listEvents'),
    tag: 'webhooks',
    summary: "The registrar's event stream",
    description:
      'The events after the cursor `after`, oldest first: the same events webhooks deliver. Call again with `next` until `events` is empty; a system that was down catches up from its last cursor. An event is never committed behind a cursor already answered: nothing is skipped. Events are kept 90 days.',
    access: 'readEvents',
    apiKeyScope: 'events',
    query: eventStreamQuerySchema,
    fields: { after: 'The `seq` of the last event received (0 for the start).', limit: 'At most this many events (1 to 1000, 100 if left out).' },
    answer: { kind: 'json', status: 200, data: eventStreamAnswer, description: 'The events and the next cursor.' },
    example: { query: { after: '0', limit: '100' } },
  },
] as const satisfies readonly ApiRoute[];
