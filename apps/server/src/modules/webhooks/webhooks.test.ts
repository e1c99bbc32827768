import {
  eventKinds,
  webhookLimits,
  type HistoryEntry,
  type StreamEvent,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookSecretResponse,
} from '@registrar-panel/contract';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenClaims } from '../../identity/testing/access-tokens';
import { queueNames } from '../../db/job-queue-schema';
import { users } from '../../db/schema';
import { applyLines, lines, numbered } from '../../feed/feed.test-support';
import { readPosition } from '../../feed/position';
import { createRegistrar } from '../../test/factories';
import { call, messagesOf } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminOf } from '../api-keys/api-keys.test-support';
import { recordAudit } from '../audit/audit.repository';
import { deliverEndpoint, deliveryPolicy, type DeliveryDeps } from './webhook-delivery';
import { signedHeadersOf, startReceiver, type Receiver } from './webhook-receiver.test-support';
import { endpointsBehind } from './webhooks.repository';

/* Webhook endpoints through the API (ADMIN, per registrar), and their deliveries to a real receiver on loopback. */

let t: TestApp;
let receiver: Receiver;
const admin = adminOf('alpha');
const otherAdmin = adminOf('beta');

const create = (body: unknown, as: TokenClaims = admin) => call(t, { method: 'POST', url: '/services/webhooks', as, body });
async function createOk(body: Record<string, unknown> = {}, as: TokenClaims = admin): Promise<WebhookSecretResponse> {
  const res = await create({ url: receiver.url(), eventKinds: ['user.create', 'apiKey.create'], ...body }, as);
  if (res.statusCode !== 201) throw new Error(`not created: ${res.statusCode} ${res.body}`);
  return res.json<{ data: WebhookSecretResponse }>().data;
}
const list = async (as: TokenClaims = admin) =>
  (await call(t, { url: '/services/webhooks', as })).json<{ data: { endpoints: WebhookEndpoint[] } }>().data.endpoints;
const deliveries = async (id: string, as: TokenClaims = admin) =>
  (await call(t, { url: `/services/webhooks/${id}/deliveries`, as })).json<{ data: { deliveries: WebhookAttempt[] } }>().data.deliveries;

/** A portal change of the registrar, as a service records it: its audit entry, and so its event. */
const change = (handle: string, username: string) =>
  recordAudit(t.database.db, { registrarHandle: handle, username: `admin@${handle}`, ip: '192.0.2.1' }, 'user.create', {
    username,
    name: 'New User',
    email: `${username}@example.com`,
    roles: ['TECH'],
  });

let clock = new Date();
const deps = (): DeliveryDeps => ({
  db: t.database.db,
  config: t.config,
  directory: t.app.userDirectory,
  outbox: t.app.outbox,
  log: t.app.log,
  now: () => clock,
});

beforeAll(async () => {
  t = await createTestApp({ webhooksAllowHttpLoopback: true });
  receiver = await startReceiver();
  for (const handle of ['alpha', 'beta', 'gamma']) await createRegistrar(t.database.db, { handle });
  await t.database.db
    .insert(users)
    .values({ username: 'admin@alpha', registrarHandle: 'alpha', name: 'Ada Admin', email: 'ada@alpha.example', roles: ['ADMIN'], state: 'active' });
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe('who may manage endpoints', () => {
  it('answers 401 without a token and 403 to every role but ADMIN', async () => {
    expect((await call(t, { url: '/services/webhooks' })).statusCode).toBe(401);
    for (const role of ['SUPPORT', 'TECH', 'FINANCE'] as const) {
      const as = { username: `${role.toLowerCase()}@alpha`, roles: [role] };
      expect((await create({ url: receiver.url(), eventKinds: ['user.create'] }, as)).statusCode, role).toBe(403);
    }
  });

  it("never shows, changes or tests another registrar's endpoint (404), nor its delivery log", async () => {
    const { endpoint } = await createOk({ description: 'beta only' }, otherAdmin);
    const base = `/services/webhooks/${endpoint.id}`;
    const requests = [
      { method: 'PUT' as const, url: base, body: { url: receiver.url('/stolen'), eventKinds: ['user.create'] } },
      { method: 'DELETE' as const, url: base },
      { method: 'PUT' as const, url: `${base}/enabled`, body: { enabled: false } },
      { method: 'POST' as const, url: `${base}/secret` },
      { method: 'POST' as const, url: `${base}/test` },
      { method: 'GET' as const, url: `${base}/deliveries` },
      { method: 'POST' as const, url: `${base}/deliveries/1/redeliver` },
    ];
    const before = receiver.received.length;
    for (const request of requests) {
      const res = await call(t, { ...request, as: admin });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    expect(receiver.received.length).toBe(before);
    expect((await list()).map((e) => e.id)).not.toContain(endpoint.id);
    expect((await list(otherAdmin)).find((e) => e.id === endpoint.id)).toMatchObject({
      url: receiver.url('/stolen').replace('/stolen', '/hook'),
      enabled: true,
    });
  });
});

describe('creating an endpoint', () => {
  it('shows its secret once, never again, and stores it encrypted', async () => {
    const created = await createOk();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(JSON.stringify(await list())).not.toContain(created.secret);
    const stored = await t.database.db.execute<{ secret: string }>(sql`SELECT secret FROM webhook_endpoints WHERE id = ${created.endpoint.id}`);
    expect(stored.rows[0]?.secret).not.toContain(created.secret.slice(6));
  });

  it('refuses plain http unless to loopback with the switch on, and private addresses always', async () => {
    const cases: [string, string][] = [
      ['http://hooks.example.com/x', 'webhooks.httpsRequired'],
      ['https://10.1.2.3/x', 'webhooks.addressRefused'],
      ['https://169.254.169.254/latest', 'webhooks.addressRefused'],
      ['https://[::ffff:127.0.0.1]/x', 'webhooks.addressRefused'],
      ['https://100.64.0.1/x', 'webhooks.addressRefused'],
      ['https://[fd00::1]/x', 'webhooks.addressRefused'],
      ['https://localhost/x', 'webhooks.addressRefused'],
      ['https://user:pw@hooks.example.com/x', 'validation.webhookUrl'],
      ['ftp://hooks.example.com/x', 'validation.webhookUrl'],
    ];
    for (const [url, key] of cases) {
      const res = await create({ url, eventKinds: ['user.create'] });
      expect(res.statusCode, url).toBe(400);
      expect(messagesOf(res)[0]?.messageKey, url).toBe(key);
    }
    const strict = await createTestApp({ webhooksAllowHttpLoopback: false });
    try {
      await createRegistrar(strict.database.db, { handle: 'alpha' });
      const res = await call(strict, { method: 'POST', url: '/services/webhooks', as: admin, body: { url: receiver.url(), eventKinds: ['user.create'] } });
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)[0]?.messageKey).toBe('webhooks.httpsRequired');
    } finally {
      await strict.close();
    }
  });

  it('holds the cap of endpoints per registrar under parallel creations', async () => {
    const as = adminOf('gamma');
    const answers = await Promise.all(
      Array.from({ length: webhookLimits.maxEndpoints + 3 }, (_, i) => create({ url: receiver.url(`/cap-${i}`), eventKinds: ['user.create'] }, as)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(webhookLimits.maxEndpoints);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    expect(messagesOf(answers.find((res) => res.statusCode === 409)!)[0]).toMatchObject({
      messageKey: 'webhooks.tooMany',
      params: { max: webhookLimits.maxEndpoints },
    });
    expect(await list(as)).toHaveLength(webhookLimits.maxEndpoints);
  });

  it('refuses unknown event kinds and none at all', async () => {
    for (const eventKinds of [[], ['domain.stolen'], 'user.create']) {
      const res = await create({ url: receiver.url(), eventKinds });
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)[0]?.messageKey).toBe('validation.webhookEvents');
    }
  });

  it('records every change in the history and mails the ADMIN users', async () => {
    await t.newMail();
    const { endpoint } = await createOk({ description: 'History check', url: receiver.url('/hook?token=abc') });
    const base = `/services/webhooks/${endpoint.id}`;
    await call(t, { method: 'PUT', url: base, as: admin, body: { url: receiver.url('/moved'), eventKinds: eventKinds.slice(0, 3) } });
    await call(t, { method: 'PUT', url: `${base}/enabled`, as: admin, body: { enabled: false } });
    await call(t, { method: 'PUT', url: `${base}/enabled`, as: admin, body: { enabled: true } });
    await call(t, { method: 'POST', url: `${base}/secret`, as: admin });
    await call(t, { method: 'DELETE', url: base, as: admin });
    const history = (await call(t, { url: '/services/registrar/history?kind=webhooks', as: admin })).json<{ data: { entries: HistoryEntry[] } }>().data.entries;
    expect(
      history
        .filter((e) => JSON.stringify(e.details).includes(endpoint.id))
        .map((e) => e.action)
        .reverse(),
    ).toEqual(['webhook.create', 'webhook.update', 'webhook.disable', 'webhook.enable', 'webhook.secretRotate', 'webhook.delete']);
    // The address without its query: a token in it is a secret of the receiver's.
    expect(JSON.stringify(history)).not.toContain('token=abc');
    const directoryAdmins = (await t.app.userDirectory.listUsers('alpha')).filter((u) => u.roles.includes('ADMIN')).length;
    const mails = await t.newMail();
    expect(mails.length).toBe(6 * directoryAdmins);
    expect(mails.map((m) => m.text).join('\n')).not.toMatch(/whsec_|token=abc/);
  });
});

describe('delivering', () => {
  it('delivers each event in order, signed so that standardwebhooks verifies it, with the same webhook-id on a retry', async () => {
    clock = new Date();
    const { endpoint, secret } = await createOk();
    const before = receiver.received.length;
    await change('alpha', 'first');
    await change('alpha', 'second');
    receiver.answer(500);
    expect(await deliverEndpoint(deps(), endpoint.id)).toMatchObject({ delivered: 0, last: 'retryLater' });
    // Not yet: the retry waits its delay.
    expect(await deliverEndpoint(deps(), endpoint.id)).toMatchObject({ delivered: 0, last: 'retryLater' });
    clock = new Date(clock.getTime() + deliveryPolicy.retryDelaysMs[0] + 1);
    expect(await deliverEndpoint(deps(), endpoint.id)).toMatchObject({ delivered: 2, last: 'nothing' });
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(3);
    const verifier = new Webhook(secret);
    const events = got.map((r) => verifier.verify(r.body, signedHeadersOf(r)) as StreamEvent);
    expect(events.map((e) => e.data.username)).toEqual(['first', 'first', 'second']);
    expect(got[0]?.headers['webhook-id']).toBe(got[1]?.headers['webhook-id']);
    expect(events[1]).toMatchObject({ type: 'user.create', registrar: 'alpha', actor: 'admin@alpha' });
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(got[0]!.body, signedHeadersOf(got[0]!))).toThrow();
    const log = await deliveries(endpoint.id);
    expect(log.map((d) => [d.outcome, d.statusCode, d.attempt])).toEqual([
      ['success', 200, 1],
      ['success', 200, 2],
      ['failure', 500, 1],
    ]);
    expect(log[0]?.url).toBe(receiver.url());
  });

  it('signs with both secrets during a rotation overlap', async () => {
    clock = new Date();
    const { endpoint, secret: old } = await createOk();
    const rotated = (await call(t, { method: 'POST', url: `/services/webhooks/${endpoint.id}/secret`, as: admin })).json<{ data: WebhookSecretResponse }>()
      .data;
    await change('alpha', 'rotating');
    await deliverEndpoint(deps(), endpoint.id);
    const last = receiver.received.at(-1)!;
    expect(signedHeadersOf(last)['webhook-signature']?.split(' ')).toHaveLength(2);
    for (const secret of [old, rotated.secret])
      expect(new Webhook(secret).verify(last.body, signedHeadersOf(last))).toMatchObject({ data: { username: 'rotating' } });
  });

  it('marks an event failing for 24 hours failed, moves on, and disables the endpoint after 3 days without success', async () => {
    clock = new Date();
    const { endpoint } = await createOk({ url: receiver.url('/down') });
    await change('alpha', 'lost-1');
    await change('alpha', 'lost-2');
    await change('alpha', 'lost-3');
    await t.newMail();
    receiver.answer(...Array<number>(100).fill(503));
    const step = async (hours: number) => {
      clock = new Date(clock.getTime() + hours * 3_600_000);
      return deliverEndpoint(deps(), endpoint.id);
    };
    await step(0);
    await step(23);
    await step(1.01); // past 24 h: event 1 given up, event 2 tried at once
    let log = await deliveries(endpoint.id);
    expect(log.filter((d) => d.outcome === 'failed')).toHaveLength(1);
    expect(log[0]).toMatchObject({ outcome: 'failure', attempt: 1 });
    await step(24.1); // event 2 given up, event 3 failing
    await step(24.1); // event 3 given up, past 3 days without a success
    const [state] = (await list()).filter((e) => e.id === endpoint.id);
    expect(state).toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect((await t.newMail()).map((m) => m.subject)).toContain('A webhook endpoint of registrar alpha was disabled: no delivery succeeded for 3 days');
    // Redeliver the failed one, once the receiver is back.
    receiver.received.length = 0;
    receiver.reset();
    log = await deliveries(endpoint.id);
    const failed = log.find((d) => d.outcome === 'failed')!;
    const redelivered = await call(t, { method: 'POST', url: `/services/webhooks/${endpoint.id}/deliveries/${failed.id}/redeliver`, as: admin });
    expect(redelivered.json<{ data: { delivery: WebhookAttempt } }>().data.delivery).toMatchObject({
      outcome: 'success',
      trigger: 'redelivery',
      messageId: failed.messageId,
    });
    expect(receiver.received[0]?.headers['webhook-id']).toBe(failed.messageId);
  });

  it('sends an endpoint only the kinds it wants, and passes the others so the sweep leaves it be', async () => {
    clock = new Date();
    const { endpoint } = await createOk({ eventKinds: ['apiKey.revoke'] });
    const before = receiver.received.length;
    await change('alpha', 'not-wanted');
    expect(await endpointsBehind(t.database.db, new Date())).toContain(endpoint.id);
    expect(await deliverEndpoint(deps(), endpoint.id)).toEqual({ delivered: 0, last: 'nothing' });
    expect(receiver.received.length).toBe(before);
    expect(await endpointsBehind(t.database.db, new Date())).not.toContain(endpoint.id);
  });

  it("queues the deliveries of the feed's events in the batch's transaction, not at the next sweep: each endpoint that wants them once", async () => {
    // Registrars of this test's own (the cap test fills others' endpoints).
    for (const handle of ['delta', 'epsilon']) await createRegistrar(t.database.db, { handle });
    const epsilon = adminOf('epsilon');
    const { endpoint: wants } = await createOk({ eventKinds: ['registry.message'] }, epsilon);
    const { endpoint: wantsBoth } = await createOk({ eventKinds: ['registry.message', 'rule.hit'] }, epsilon);
    await createOk({ eventKinds: ['user.create'] }, epsilon);
    // Another registrar's endpoint that wants messages: the batch's messages are epsilon's.
    await createOk({ eventKinds: ['registry.message'] }, adminOf('delta'));
    // The jobs the creations queued are gone: what is queued next is the batch's.
    await t.database.pool.query('DELETE FROM pgboss.job WHERE name = $1', [queueNames.webhookDelivery]);
    const id = Date.now();
    const summary = await applyLines(
      t.database,
      numbered([lines.message(id, 'epsilon', new Date()), lines.message(id + 1, 'epsilon', new Date())], (await readPosition(t.database.pool)) + 1),
    );
    expect(summary.rejects).toEqual([]);
    const { rows } = await t.database.pool.query<{ singleton_key: string }>('SELECT singleton_key FROM pgboss.job WHERE name = $1 ORDER BY 1', [
      queueNames.webhookDelivery,
    ]);
    expect(rows.map((row) => row.singleton_key)).toEqual([wants.id, wantsBoth.id].sort());
  });

  it('sends a test event at once and logs it', async () => {
    receiver.reset();
    const { endpoint, secret } = await createOk();
    const res = await call(t, { method: 'POST', url: `/services/webhooks/${endpoint.id}/test`, as: admin });
    expect(res.json<{ data: { delivery: WebhookAttempt } }>().data.delivery).toMatchObject({
      outcome: 'success',
      statusCode: 200,
      trigger: 'test',
      eventKind: 'webhook.test',
    });
    const last = receiver.received.at(-1)!;
    expect(new Webhook(secret).verify(last.body, signedHeadersOf(last))).toMatchObject({ type: 'webhook.test', registrar: 'alpha' });
  });
});

describe('the event stream', () => {
  it('answers events of the caller registrar only, in order, with the next cursor', async () => {
    await change('beta', 'beta-only');
    const page = async (after: number, as: TokenClaims) =>
      (await call(t, { url: `/services/events?after=${after}&limit=2`, as })).json<{ data: { events: StreamEvent[]; next: number } }>().data;
    let after = 0;
    const seen: StreamEvent[] = [];
    for (;;) {
      const { events, next } = await page(after, admin);
      if (events.length === 0) break;
      seen.push(...events);
      after = next;
    }
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.every((e) => e.registrar === 'alpha')).toBe(true);
    expect(seen.map((e) => e.seq)).toEqual(seen.map((_, i) => i + 1));
    expect(JSON.stringify(seen)).not.toContain('beta-only');
    // beta's cursor is beta's own.
    expect((await page(0, otherAdmin)).events.map((e) => e.registrar)).toEqual(['beta']);
    expect((await call(t, { url: '/services/events', as: { username: 'tech@alpha', roles: ['TECH'] } })).statusCode).toBe(403);
  });
});
