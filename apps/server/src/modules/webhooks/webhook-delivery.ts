import { displayedWebhookUrl, webhookTestKind } from '@registrar-panel/contract';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { UserDirectory } from '../../identity/directory/user-directory';
import type { Resolver } from '../../lib/outbound-address';
import { postOutbound, type OutboundResult } from '../../lib/outbound-http';
import type { Outbox } from '../../mail/outbox';
import { presentEvent } from '../events/event.presenter';
import { eventsAfter, lastSeq, type EventRow } from '../events/events.repository';
import { queueEndpoint } from '../../jobs/webhook-queue';
import { openSecret, signedHeaders } from './webhook-secret';
import { claimEndpoint, endpointExists, insertAttempt, updateEndpoint, type AttemptRow, type EndpointRow } from './webhooks.repository';
import { mailEndpointDisabled } from './webhook-mail';

/*
 * Delivering an endpoint's events: in order, one in flight per endpoint. The worker holds the
 * endpoint's row (SELECT … FOR UPDATE SKIP LOCKED) while it sends the event after the cursor, and
 * moves the cursor in the same transaction once the receiver said 2xx: an instance killed mid-send
 * leaves the cursor where it was (its lock goes with its connection), so the event is sent again,
 * with the same `webhook-id` (at least once; receivers de-duplicate by it). A failure waits
 * (`retryDelays`) and the same event is tried again; after `giveUpAfterMs` it is marked failed in
 * the delivery log (redeliverable) and the endpoint moves on; with no success for
 * `disableAfterMs` the endpoint is disabled and its ADMINs are mailed.
 */

export const deliveryPolicy = {
  /** The waits before each retry (Standard Webhooks' usual schedule), the last one repeated. */
  retryDelaysMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000],
  giveUpAfterMs: 24 * 3_600_000,
  disableAfterMs: 3 * 24 * 3_600_000,
  /** Events one job sends before it queues the next one, so other endpoints get their turn. */
  eventsPerJob: 100,
} as const;

export interface DeliveryDeps {
  db: Db;
  config: Pick<Config, 'totpEncryptionKey' | 'webhooksAllowHttpLoopback' | 'publicUrl' | 'supportEmail' | 'tld'>;
  /** Only to find the ADMIN users a disabled endpoint is mailed to. */
  directory: Pick<UserDirectory, 'listUsers'>;
  outbox: Outbox;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  resolver?: Resolver;
  /** The time; tests move it. */
  now?: () => Date;
  timeoutMs?: number;
}

const nowOf = (deps: DeliveryDeps) => (deps.now ? deps.now() : new Date());

/** The secrets that sign now: the current one, and the previous one during a rotation's overlap. */
function signingSecrets(deps: DeliveryDeps, endpoint: EndpointRow, at: Date): string[] {
  const key = deps.config.totpEncryptionKey;
  const secrets = [openSecret(endpoint.secret, key)];
  if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > at) secrets.push(openSecret(endpoint.previousSecret, key));
  return secrets;
}

/** Sends one message to the endpoint: the body and its signed headers; never throws. */
async function send(deps: DeliveryDeps, endpoint: EndpointRow, messageId: string, body: string): Promise<OutboundResult> {
  const at = nowOf(deps);
  const headers = signedHeaders(signingSecrets(deps, endpoint, at), messageId, at, body);
  return postOutbound(endpoint.url, body, headers, {
    allowHttpLoopback: deps.config.webhooksAllowHttpLoopback,
    resolver: deps.resolver,
    timeoutMs: deps.timeoutMs,
  });
}

function attemptValues(endpoint: EndpointRow, result: OutboundResult, at: Date) {
  return {
    at,
    endpointId: endpoint.id,
    registrarHandle: endpoint.registrarHandle,
    statusCode: result.statusCode,
    error: result.error,
    latencyMs: result.latencyMs,
    url: displayedWebhookUrl(endpoint.url),
  };
}

export const retryDelayMs = (attempts: number) =>
  deliveryPolicy.retryDelaysMs[Math.min(attempts - 1, deliveryPolicy.retryDelaysMs.length - 1)] ?? deliveryPolicy.retryDelaysMs[0];

type Step = 'delivered' | 'retryLater' | 'nothing' | 'busy' | 'disabled';

/** One event (the one after the cursor), under the endpoint's lock. */
async function deliverNext(deps: DeliveryDeps, endpointId: string): Promise<Step> {
  let retryAt: Date | undefined;
  const step = await deps.db.transaction(async (tx): Promise<Step> => {
    const endpoint = await claimEndpoint(tx, endpointId);
    if (!endpoint) return 'busy';
    if (!endpoint.enabled) return 'disabled';
    const now = nowOf(deps);
    if (endpoint.nextAttemptAt && endpoint.nextAttemptAt > now) {
      retryAt = endpoint.nextAttemptAt;
      return 'retryLater';
    }
    // Read first: every event up to it has committed (writers are serialised per registrar), so the
    // read below, a later snapshot, sees them all.
    const upTo = await lastSeq(tx, endpoint.registrarHandle);
    const [event] = await eventsAfter(tx, endpoint.registrarHandle, endpoint.cursorSeq, 1, endpoint.eventKinds);
    if (!event) {
      // None it wants: the cursor passes the others, so the sweep stops finding the endpoint behind.
      if (endpoint.nextAttemptAt || upTo > endpoint.cursorSeq)
        await updateEndpoint(tx, endpoint.id, { nextAttemptAt: null, cursorSeq: Math.max(upTo, endpoint.cursorSeq) });
      return 'nothing';
    }
    const result = await send(deps, endpoint, event.id, JSON.stringify(presentEvent(event)));
    const at = nowOf(deps);
    const attempt = endpoint.attempts + 1;
    const logged = { ...attemptValues(endpoint, result, at), messageId: event.id, eventKind: event.kind, eventSeq: event.seq, attempt, trigger: 'delivery' };
    if (result.ok) {
      await insertAttempt(tx, { ...logged, outcome: 'success' });
      await updateEndpoint(tx, endpoint.id, { cursorSeq: event.seq, attempts: 0, failingSince: null, nextAttemptAt: null, lastSuccessAt: at });
      return 'delivered';
    }
    const failingSince = endpoint.failingSince ?? at;
    const givenUp = at.getTime() - failingSince.getTime() >= deliveryPolicy.giveUpAfterMs;
    await insertAttempt(tx, { ...logged, outcome: givenUp ? 'failed' : 'failure' });
    const lastGood = Math.max(endpoint.lastSuccessAt?.getTime() ?? 0, endpoint.enabledSince.getTime());
    if (at.getTime() - lastGood >= deliveryPolicy.disableAfterMs) {
      await updateEndpoint(tx, endpoint.id, {
        enabled: false,
        disabledReason: 'failing',
        attempts: 0,
        failingSince: null,
        nextAttemptAt: null,
        ...(givenUp ? { cursorSeq: event.seq } : {}),
      });
      await mailEndpointDisabled(deps, tx, endpoint, at);
      return 'disabled';
    }
    if (givenUp) {
      // Marked failed in the log (redeliverable); the next event goes at once.
      await updateEndpoint(tx, endpoint.id, { cursorSeq: event.seq, attempts: 0, failingSince: null, nextAttemptAt: null });
      return 'delivered';
    }
    retryAt = new Date(at.getTime() + retryDelayMs(attempt));
    await updateEndpoint(tx, endpoint.id, { attempts: attempt, failingSince, nextAttemptAt: retryAt });
    return 'retryLater';
  });
  if (step === 'retryLater' && retryAt) await queueEndpoint(deps.db, endpointId, retryAt);
  return step;
}

/**
 * What a delivery job does: the endpoint's events after its cursor, in order, until none is left, a
 * failure makes it wait, or `eventsPerJob` were sent (then it queues itself again). An endpoint
 * another instance is sending to is left to it, checked again shortly in case it was just finishing.
 */
export async function deliverEndpoint(deps: DeliveryDeps, endpointId: string): Promise<{ delivered: number; last: Step }> {
  let delivered = 0;
  for (;;) {
    const step = await deliverNext(deps, endpointId);
    if (step === 'busy') {
      if (await endpointExists(deps.db, endpointId)) await queueEndpoint(deps.db, endpointId, new Date(Date.now() + 2_000));
      return { delivered, last: step };
    }
    if (step !== 'delivered') return { delivered, last: step };
    delivered += 1;
    if (delivered >= deliveryPolicy.eventsPerJob) {
      await queueEndpoint(deps.db, endpointId);
      return { delivered, last: step };
    }
  }
}

/** The test event's body: the shape of any event, with nothing of the registrar's in it. */
export function testEventBody(endpoint: EndpointRow, id: string, at: Date, actor: string): string {
  return JSON.stringify({ id, seq: null, type: webhookTestKind, timestamp: at.toISOString(), registrar: endpoint.registrarHandle, actor, data: {} });
}

/** One send outside the endpoint's order (the test button, a Redeliver), logged; the cursor stays. */
export async function sendOnce(
  deps: DeliveryDeps,
  endpoint: EndpointRow,
  message: { trigger: 'test'; actor: string } | { trigger: 'redelivery'; event: EventRow },
): Promise<AttemptRow> {
  const at = nowOf(deps);
  const id = message.trigger === 'test' ? randomUUID() : message.event.id;
  const body = message.trigger === 'test' ? testEventBody(endpoint, id, at, message.actor) : JSON.stringify(presentEvent(message.event));
  const result = await send(deps, endpoint, id, body);
  return insertAttempt(deps.db, {
    ...attemptValues(endpoint, result, nowOf(deps)),
    messageId: id,
    eventKind: message.trigger === 'test' ? webhookTestKind : message.event.kind,
    eventSeq: message.trigger === 'test' ? null : message.event.seq,
    attempt: 1,
    trigger: message.trigger,
    outcome: result.ok ? 'success' : 'failure',
  });
}
