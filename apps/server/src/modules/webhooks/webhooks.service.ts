import { webhookLimits, type WebhookEndpointRequest, type WebhookEndpoint, type WebhookSecretResponse } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import { RefusedAddress, isLoopbackAddress, resolveOutbound } from '../../lib/outbound-address';
import { schemeAllowed } from '../../lib/outbound-http';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { eventBySeq, lastSeq } from '../events/events.repository';
import { sendOnce, type DeliveryDeps } from './webhook-delivery';
import { webhookMail, webhookRecipients, type EndpointChange } from './webhook-mail';
import { queueEndpoint } from '../../jobs/webhook-queue';
import { newWebhookSecret, sealSecret } from './webhook-secret';
import { endpointFacts, presentAttempt, presentEndpoint } from './webhooks.presenter';
import {
  countEndpoints,
  deleteEndpoint,
  findAttempt,
  findEndpoint,
  insertEndpoint,
  listAttempts,
  listEndpoints,
  lockEndpointCreation,
  updateEndpoint,
  type EndpointRow,
} from './webhooks.repository';

/*
 * The registrar's webhook endpoints: an ADMIN (the route table's `manageWebhooks`) adds, changes,
 * enables, disables, deletes them and rotates their secret, for their own registrar only; every
 * change is in the history and mailed to the registrar's ADMIN users in the change's transaction.
 */

export type WebhooksDeps = DeliveryDeps;

/**
 * Refuses an address the portal would not send to: https, or plain http to loopback where the
 * configuration allows it; a name must resolve, now, to public addresses only (checked again at
 * every delivery: a name's addresses can change).
 */
async function checkDestination(deps: WebhooksDeps, target: string): Promise<void> {
  const url = new URL(target);
  const allowHttp = deps.config.webhooksAllowHttpLoopback;
  if (!schemeAllowed(url, allowHttp)) throw AppError.of(400, 'webhooks.httpsRequired', { field: 'url' });
  if (url.protocol === 'http:') {
    // Plain http only to this machine: a name must resolve to loopback, now.
    const pinned = await resolveOutbound(url.hostname, { resolver: deps.resolver, allowLoopback: true }).catch(() => undefined);
    if (!pinned || !isLoopbackAddress(pinned.address)) throw AppError.of(400, 'webhooks.httpsRequired', { field: 'url' });
    return;
  }
  try {
    await resolveOutbound(url.hostname, { resolver: deps.resolver });
  } catch (error) {
    // A name that does not resolve today may tomorrow; one that resolves into a private network never should.
    if (error instanceof RefusedAddress) throw AppError.of(400, 'webhooks.addressRefused', { field: 'url' });
  }
}

async function changed(
  deps: WebhooksDeps,
  tx: Db,
  actor: SignedInUser,
  change: EndpointChange,
  row: EndpointRow,
  recipients: Awaited<ReturnType<typeof webhookRecipients>>,
) {
  const at = new Date();
  await deps.outbox.add(
    tx,
    ...recipients.map(({ email, language }) => ({ to: email, ...webhookMail(change, row, { actor, at, config: deps.config }, language) })),
  );
}

export async function getEndpoints(db: Db, actor: SignedInUser): Promise<WebhookEndpoint[]> {
  return (await listEndpoints(db, actor.registrarHandle)).map(presentEndpoint);
}

async function ownEndpoint(db: Db, actor: SignedInUser, id: string): Promise<EndpointRow> {
  const row = await findEndpoint(db, actor.registrarHandle, id);
  if (!row) throw notFound();
  return row;
}

/** Adds an endpoint, which receives the events after this moment; the answer holds its secret, this once. */
export async function createEndpoint(deps: WebhooksDeps, actor: SignedInUser, input: WebhookEndpointRequest): Promise<WebhookSecretResponse> {
  await checkDestination(deps, input.url);
  const recipients = await webhookRecipients(deps, actor.registrarHandle);
  const secret = newWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    await lockEndpointCreation(tx, actor.registrarHandle);
    if ((await countEndpoints(tx, actor.registrarHandle)) >= webhookLimits.maxEndpoints) {
      throw AppError.of(409, 'webhooks.tooMany', { params: { max: webhookLimits.maxEndpoints } });
    }
    const inserted = await insertEndpoint(tx, {
      registrarHandle: actor.registrarHandle,
      url: input.url,
      description: input.description,
      eventKinds: input.eventKinds,
      secret: sealSecret(secret, deps.config.totpEncryptionKey),
      createdBy: actor.username,
      cursorSeq: await lastSeq(tx, actor.registrarHandle),
    });
    await recordAudit(tx, actor, 'webhook.create', endpointFacts(inserted));
    await changed(deps, tx, actor, 'create', inserted, recipients);
    return inserted;
  });
  return { endpoint: presentEndpoint(row), secret };
}

export async function changeEndpoint(deps: WebhooksDeps, actor: SignedInUser, id: string, input: WebhookEndpointRequest): Promise<WebhookEndpoint> {
  const before = await ownEndpoint(deps.db, actor, id);
  await checkDestination(deps, input.url);
  const recipients = await webhookRecipients(deps, actor.registrarHandle);
  const row = await deps.db.transaction(async (tx) => {
    const after = await updateEndpoint(tx, before.id, { url: input.url, eventKinds: input.eventKinds, description: input.description });
    await recordAudit(tx, actor, 'webhook.update', { before: endpointFacts(before), after: endpointFacts(after) });
    await changed(deps, tx, actor, 'update', after, recipients);
    if (after.enabled) await queueEndpoint(tx, after.id);
    return after;
  });
  return presentEndpoint(row);
}

export async function removeEndpoint(deps: WebhooksDeps, actor: SignedInUser, id: string): Promise<void> {
  const row = await ownEndpoint(deps.db, actor, id);
  const recipients = await webhookRecipients(deps, actor.registrarHandle);
  await deps.db.transaction(async (tx) => {
    await deleteEndpoint(tx, row.id);
    await recordAudit(tx, actor, 'webhook.delete', endpointFacts(row));
    await changed(deps, tx, actor, 'delete', row, recipients);
  });
}

/** Enabling again resumes from the first event it has not received; the count towards disabling starts anew. */
export async function setEndpointEnabled(deps: WebhooksDeps, actor: SignedInUser, id: string, enabled: boolean): Promise<WebhookEndpoint> {
  const before = await ownEndpoint(deps.db, actor, id);
  if (before.enabled === enabled) return presentEndpoint(before);
  const recipients = await webhookRecipients(deps, actor.registrarHandle);
  const row = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const after = await updateEndpoint(
      tx,
      before.id,
      enabled
        ? { enabled: true, disabledReason: null, enabledSince: now, attempts: 0, failingSince: null, nextAttemptAt: null }
        : { enabled: false, disabledReason: 'manual', nextAttemptAt: null },
    );
    if (enabled) await recordAudit(tx, actor, 'webhook.enable', endpointFacts(after));
    else await recordAudit(tx, actor, 'webhook.disable', { ...endpointFacts(after), reason: 'manual' });
    await changed(deps, tx, actor, enabled ? 'enable' : 'disable', after, recipients);
    if (enabled) await queueEndpoint(tx, after.id);
    return after;
  });
  return presentEndpoint(row);
}

/** A new secret; the previous one signs as well for the overlap, so the receiver can switch without losing a delivery. */
export async function rotateSecret(deps: WebhooksDeps, actor: SignedInUser, id: string): Promise<WebhookSecretResponse> {
  const before = await ownEndpoint(deps.db, actor, id);
  const recipients = await webhookRecipients(deps, actor.registrarHandle);
  const secret = newWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    const after = await updateEndpoint(tx, before.id, {
      secret: sealSecret(secret, deps.config.totpEncryptionKey),
      previousSecret: before.secret,
      previousSecretUntil: new Date(Date.now() + webhookLimits.rotationOverlapHours * 3_600_000),
    });
    await recordAudit(tx, actor, 'webhook.secretRotate', endpointFacts(after));
    await changed(deps, tx, actor, 'secretRotate', after, recipients);
    return after;
  });
  return { endpoint: presentEndpoint(row), secret };
}

export async function sendTestEvent(deps: WebhooksDeps, actor: SignedInUser, id: string) {
  const endpoint = await ownEndpoint(deps.db, actor, id);
  return { delivery: presentAttempt(await sendOnce(deps, endpoint, { trigger: 'test', actor: actor.username })) };
}

export async function getDeliveries(db: Db, actor: SignedInUser, id: string, page: number) {
  const endpoint = await ownEndpoint(db, actor, id);
  const size = webhookLimits.deliveriesPageSize;
  const rows = await listAttempts(db, endpoint.id, (page - 1) * size, size + 1);
  return { deliveries: rows.slice(0, size).map(presentAttempt), page, hasMore: rows.length > size };
}

/** The logged attempt's message once more: an event while it is kept (or a test event: a new one). */
export async function redeliver(deps: WebhooksDeps, actor: SignedInUser, id: string, deliveryId: string) {
  const endpoint = await ownEndpoint(deps.db, actor, id);
  const attempt = await findAttempt(deps.db, endpoint.id, deliveryId);
  if (!attempt) throw notFound();
  if (attempt.eventSeq === null) return { delivery: presentAttempt(await sendOnce(deps, endpoint, { trigger: 'test', actor: actor.username })) };
  const event = await eventBySeq(deps.db, endpoint.registrarHandle, attempt.eventSeq);
  if (!event) throw AppError.of(404, 'webhooks.eventGone');
  return { delivery: presentAttempt(await sendOnce(deps, endpoint, { trigger: 'redelivery', event })) };
}
