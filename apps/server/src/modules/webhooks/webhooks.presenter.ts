import { displayedWebhookUrl, isEventKind, type EventKind, type WebhookAttempt, type WebhookEndpoint } from '@registrar-panel/contract';
import type { AttemptRow, EndpointRow } from './webhooks.repository';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** An endpoint as the API answers it: never a secret. */
export function presentEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    // A kind a later version no longer knows is left out rather than sent as something it is not.
    eventKinds: row.eventKinds.filter((kind): kind is EventKind => isEventKind(kind)),
    enabled: row.enabled,
    disabledReason: row.disabledReason === 'manual' || row.disabledReason === 'failing' ? row.disabledReason : null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    previousSecretUntil: row.previousSecretUntil && row.previousSecret ? row.previousSecretUntil.toISOString() : null,
    lastSuccessAt: iso(row.lastSuccessAt),
    failingSince: iso(row.failingSince),
    nextAttemptAt: iso(row.nextAttemptAt),
  };
}

/** What the history and the mails keep of an endpoint: the address without query or user-info. */
export function endpointFacts(row: Pick<EndpointRow, 'id' | 'url' | 'eventKinds' | 'description'>) {
  return { id: row.id, url: displayedWebhookUrl(row.url), eventKinds: [...row.eventKinds], description: row.description };
}

export function presentAttempt(row: AttemptRow): WebhookAttempt {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    messageId: row.messageId,
    eventKind: row.eventKind,
    eventSeq: row.eventSeq,
    attempt: row.attempt,
    trigger: row.trigger as WebhookAttempt['trigger'],
    outcome: row.outcome as WebhookAttempt['outcome'],
    statusCode: row.statusCode,
    error: row.error as WebhookAttempt['error'],
    latencyMs: row.latencyMs,
    url: row.url,
  };
}
