import { z } from 'zod';
import { eventKinds } from '../../events';
import { webhookAttemptErrors, webhookAttemptOutcomes, webhookAttemptTriggers, webhookDisabledReasons } from '../../webhooks';

/* Webhook endpoints, their delivery log, and the event stream, as the API answers them. Never a secret but the one just made. */

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });

export const webhookEndpointAnswerSchema = z.object({
  id: z.string(),
  url: z.string().meta({ description: 'The address deliveries are POSTed to, as entered.' }),
  description: z.string(),
  eventKinds: z.array(z.enum(eventKinds)),
  enabled: z.boolean(),
  disabledReason: z.enum(webhookDisabledReasons).nullable().meta({ description: '`failing`: no delivery succeeded for 3 days.' }),
  createdAt: timestamp,
  createdBy: z.string(),
  /** Until then the previous secret signs too (a second `v1,` signature). */
  previousSecretUntil: timestamp.nullable().meta({ description: 'Until then deliveries carry a second signature, with the previous secret.' }),
  lastSuccessAt: timestamp.nullable(),
  /** Set while the oldest undelivered event is being retried. */
  failingSince: timestamp.nullable(),
  nextAttemptAt: timestamp.nullable(),
});
export type WebhookEndpoint = z.output<typeof webhookEndpointAnswerSchema>;

export const webhookEndpointsAnswer = z.object({ endpoints: z.array(webhookEndpointAnswerSchema) });
export type WebhookEndpointsResponse = z.output<typeof webhookEndpointsAnswer>;
export const webhookEndpointOneAnswer = z.object({ endpoint: webhookEndpointAnswerSchema });
export type WebhookEndpointResponse = z.output<typeof webhookEndpointOneAnswer>;

/** Creation and rotation: the secret, shown this once. */
export const webhookSecretAnswer = z.object({
  endpoint: webhookEndpointAnswerSchema,
  secret: z.string().meta({ description: 'The signing secret, `whsec_…`: shown this once, never again.' }),
});
export type WebhookSecretResponse = z.output<typeof webhookSecretAnswer>;

export const webhookAttemptSchema = z.object({
  id: z.string(),
  at: timestamp,
  /** The `webhook-id` sent: the same for every attempt of one event. */
  messageId: z.string(),
  eventKind: z.string(),
  /** The event's position in the stream; null for a test event. */
  eventSeq: z.number().int().nullable(),
  attempt: z.number().int(),
  trigger: z.enum(webhookAttemptTriggers),
  outcome: z.enum(webhookAttemptOutcomes),
  statusCode: z.number().int().nullable(),
  error: z.enum(webhookAttemptErrors).nullable(),
  latencyMs: z.number().int(),
  url: z.string().meta({ description: 'The address it went to, without query or user-info.' }),
});
export type WebhookAttempt = z.output<typeof webhookAttemptSchema>;

/** `GET /services/webhooks/{id}/deliveries`: newest first. */
export const webhookDeliveriesAnswer = z.object({ deliveries: z.array(webhookAttemptSchema), page: z.number().int(), hasMore: z.boolean() });
export type WebhookDeliveriesResponse = z.output<typeof webhookDeliveriesAnswer>;
export const webhookAttemptAnswer = z.object({ delivery: webhookAttemptSchema });
export type WebhookAttemptResponse = z.output<typeof webhookAttemptAnswer>;

/** One event, as the stream answers it and as a webhook's body carries it. */
export const streamEventSchema = z.object({
  id: z.string().meta({ description: 'Unique; the `webhook-id` of its deliveries.' }),
  seq: z.number().int().meta({ description: "Its place in the registrar's stream: increasing, the cursor." }),
  type: z.string().meta({ description: 'The kind of event: the history action it records (`user.create`, `epp.password.update`…).' }),
  timestamp,
  registrar: z.string(),
  actor: z.string().nullable().meta({ description: 'The username who made the change.' }),
  data: z.record(z.string(), z.unknown()).meta({ description: "The change as the registrar's history shows it; never a secret or hash." }),
});
export type StreamEvent = z.output<typeof streamEventSchema>;

/** `GET /services/events`. */
export const eventStreamAnswer = z.object({
  events: z.array(streamEventSchema),
  next: z.number().int().meta({ description: 'The `after` of the next call: the last event’s `seq`, or the cursor sent when none followed.' }),
});
export type EventStreamResponse = z.output<typeof eventStreamAnswer>;
