import type { AuditAction } from './history';
import { ruleHitEventKind } from './notification-rules';
import { registryMessageEventKind } from './registry-messages';

/*
 * The registrar's event stream (`GET /services/events`) and what webhooks deliver: the one list of
 * event kinds. Today the portal's own changes, each derived from its audit entry (the server's
 * audit writer records the event in the same transaction); the registry's messages and rule hits
 * will add their kinds to `eventKinds` and write into the same stream.
 */

/**
 * The audit actions that are events, under their own name as the event's kind. A new one is one
 * line here; its payload is its audit details, which never hold
 * a secret (`api/responses/history.ts`). Downloads and the registrar's mail language are not events:
 * they change nothing another system would act on.
 */
export const portalEventKinds = [
  'registrar.publicContact.update',
  'registrar.techContact.update',
  'registrar.adminContact.update',
  'registrar.abuseContact.update',
  'epp.ipAddresses.update',
  'epp.password.update',
  'epp.certificate.upload',
  'epp.certificate.replace',
  'epp.certificate.remove',
  'user.create',
  'user.update',
  'user.delete',
  'user.totpReset',
  'user.activationResend',
  'user.disable',
  'user.enable',
  'user.accessEnd',
  'user.passkeysRemove',
  'user.secondFactorsRecover',
  'apiKey.create',
  'apiKey.revoke',
] as const satisfies readonly AuditAction[];
export type PortalEventKind = (typeof portalEventKinds)[number];

/** Every kind an event of the stream can have (layers to come append theirs). */
export const eventKinds = [...portalEventKinds, registryMessageEventKind, ruleHitEventKind] as const;
export type EventKind = (typeof eventKinds)[number];

export function isEventKind(kind: string): kind is EventKind {
  return (eventKinds as readonly string[]).includes(kind);
}

/** The kind of the test event an ADMIN sends to one endpoint: never in the stream. */
export const webhookTestKind = 'webhook.test';

/** The stream's bounds. */
export const eventStreamLimits = {
  /** Events one page holds by default, and at most. */
  defaultPage: 100,
  maxPage: 1000,
} as const;
