import { z } from 'zod';
import { eventKinds, eventStreamLimits } from './events';

/*
 * Webhook endpoints: where the registrar's events are pushed (Standard Webhooks). This module is
 * the one home of an endpoint's rules; the server adds what needs the configuration (plain http
 * to loopback) and the network (the address a name resolves to).
 */

export const webhookLimits = {
  /** Endpoints one registrar may have, enabled or not. */
  maxEndpoints: 10,
  urlMaxLength: 2048,
  descriptionMaxLength: 200,
  /** Delivery log entries a page holds. */
  deliveriesPageSize: 50,
  deliveriesMaxPages: 100,
  /** How long the previous secret still signs after a rotation, in hours. */
  rotationOverlapHours: 24,
} as const;

/** A secret as the registrar's receiver is given it: `whsec_` and the base64 of 24 random bytes. */
export const webhookSecretPrefix = 'whsec_';

/** The outcome of one delivery attempt; `failed`: the last attempt of an event given up on after 24 hours. */
export const webhookAttemptOutcomes = ['success', 'failure', 'failed'] as const;
export type WebhookAttemptOutcome = (typeof webhookAttemptOutcomes)[number];

/** Why an attempt got no answer the receiver chose: the status code says the rest. */
export const webhookAttemptErrors = ['timeout', 'connection', 'addressRefused', 'redirect', 'tls', 'answerTooLarge'] as const;
export type WebhookAttemptError = (typeof webhookAttemptErrors)[number];

/** What caused an attempt: the endpoint's own order, a Redeliver, the test button. */
export const webhookAttemptTriggers = ['delivery', 'redelivery', 'test'] as const;
export type WebhookAttemptTrigger = (typeof webhookAttemptTriggers)[number];

/** Why an endpoint is disabled: an ADMIN did, or it had no success for 3 days. */
export const webhookDisabledReasons = ['manual', 'failing'] as const;
export type WebhookDisabledReason = (typeof webhookDisabledReasons)[number];

const plainText = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u;

/** An http(s) address without user-info or fragment; whether plain http is allowed is the server's (configuration). */
export function isWebhookUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '' && url.hash === '' && url.hostname !== '';
}

/** The address as logs and pages show it: no query, no user-info. */
export function displayedWebhookUrl(value: string): string {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '';
  }
}

const url = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(webhookLimits.urlMaxLength, { error: 'validation.maxLength' })
  .refine(isWebhookUrl, { error: 'validation.webhookUrl' });

const kinds = z
  .array(z.enum(eventKinds, { error: 'validation.webhookEvents' }), { error: 'validation.webhookEvents' })
  .min(1, { error: 'validation.webhookEvents' })
  .max(eventKinds.length, { error: 'validation.webhookEvents' })
  .transform((list) => [...new Set(list)]);

/** `POST /services/webhooks` and `PUT /services/webhooks/{id}`. */
export const webhookEndpointSchema = z.object({
  url,
  eventKinds: kinds,
  description: z
    .string({ error: 'validation.required' })
    .trim()
    .max(webhookLimits.descriptionMaxLength, { error: 'validation.maxLength' })
    .regex(plainText, { error: 'validation.pattern' })
    .default(''),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointSchema>;
export type WebhookEndpointRequest = z.output<typeof webhookEndpointSchema>;

/** `PUT /services/webhooks/{id}/enabled`. */
export const webhookEnabledSchema = z.object({ enabled: z.boolean({ error: 'error.badRequest' }) });

/** `GET /services/webhooks/{id}/deliveries`. */
export const webhookDeliveriesQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'error.badRequest' })
    .int({ error: 'error.badRequest' })
    .min(1, { error: 'error.badRequest' })
    .max(webhookLimits.deliveriesMaxPages, { error: 'error.badRequest' })
    .default(1),
});

/** `GET /services/events`: the events after a cursor, oldest first. */
export const eventStreamQuerySchema = z.object({
  after: z.coerce.number({ error: 'error.badRequest' }).int({ error: 'error.badRequest' }).min(0, { error: 'error.badRequest' }).default(0),
  limit: z.coerce
    .number({ error: 'error.badRequest' })
    .int({ error: 'error.badRequest' })
    .min(1, { error: 'error.badRequest' })
    .max(eventStreamLimits.maxPage, { error: 'error.badRequest' })
    .default(eventStreamLimits.defaultPage),
});
