import type { StreamEvent } from '@registrar-panel/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { loadRateLimits } from '../../lib/rate-limit-policy';
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminOf, createKey, withKey } from '../api-keys/api-keys.test-support';
import { recordAudit } from '../audit/audit.repository';
import { makeCertificate } from '../epp-certificates/certificates.test-support';
import { upload } from '../epp-certificates/epp-certificates.test-support';

/*
 * The cursor: a committed event is never behind it. Writers change the registrar in parallel, each
 * holding its transaction open a while after its event (as a slow change would), while a reader
 * follows the cursor: it must receive every committed event once, none skipped, none repeated.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    database: { ...loadConfig({}).database, poolSize: 16 },
    // The reader follows the cursor as fast as it can: the request limits are not what this file tests.
    rateLimits: loadRateLimits({
      RATE_LIMIT_API_KEY_CREATION_PER_USER: '1000/1h',
      RATE_LIMIT_SERVICES_PER_API_KEY: '1000000/1m',
      RATE_LIMIT_SERVICES_PER_IP: '1000000/1m',
      RATE_LIMIT_SERVICES_PER_USER: '1000000/1m',
    }),
  });
  for (const handle of ['alpha', 'beta']) await createRegistrar(t.database.db, { handle });
});
afterAll(async () => t?.close());

const change = (handle: string, username: string, holdMs: number) =>
  t.database.db.transaction(async (tx) => {
    await recordAudit(tx, { registrarHandle: handle, username: `admin@${handle}`, ip: '192.0.2.1' }, 'user.enable', { username });
    // Still uncommitted: a reader must not move past this event's number meanwhile.
    await tx.execute(sql`SELECT pg_sleep(${holdMs / 1000})`);
  });

describe('GET /services/events', () => {
  it('gives a reader following the cursor every committed event once, while changes commit in parallel', async () => {
    const writers = 8;
    const perWriter = 12;
    let writing = true;
    const work = Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) {
          await change(w % 2 === 0 ? 'alpha' : 'beta', `w${w}-${i}`, Math.floor(Math.random() * 25));
        }
      }),
    );
    // Real requests besides: API keys created in parallel, each an event of alpha's.
    const requests = Promise.all(Array.from({ length: 10 }, (_, i) => createKey(t, { name: `Parallel ${i}` })));
    const allWritten = Promise.all([work, requests]).finally(() => {
      writing = false;
    });
    const key = (await createKey(t, { name: 'Stream reader', scopes: ['events'] })).secret;
    const received: StreamEvent[] = [];
    let after = 0;
    for (;;) {
      const stillWriting = writing;
      const res = await withKey(t, key, `/services/events?after=${after}&limit=7`);
      expect(res.statusCode).toBe(200);
      const { events, next } = res.json<{ data: { events: StreamEvent[]; next: number } }>().data;
      received.push(...events);
      after = next;
      if (events.length === 0 && !stillWriting) break;
    }
    await allWritten;
    // The key's own creation is an event of alpha's too (apiKey.create).
    const mine = received.filter((e) => e.type === 'user.enable').map((e) => e.data.username as string);
    expect(new Set(mine).size).toBe(mine.length);
    expect(received.map((e) => e.seq)).toEqual(received.map((_, i) => i + 1));
    const expected = Array.from({ length: writers }, (_, w) => w)
      .filter((w) => w % 2 === 0)
      .flatMap((w) => Array.from({ length: perWriter }, (_, i) => `w${w}-${i}`));
    expect([...mine].sort()).toEqual(expected.sort());
    expect(received.every((e) => e.registrar === 'alpha')).toBe(true);
    const keys = received.filter((e) => e.type === 'apiKey.create').map((e) => e.data.name as string);
    for (let i = 0; i < 10; i++)
      expect(
        keys.filter((name) => name === `Parallel ${i}`),
        `Parallel ${i}`,
      ).toHaveLength(1);
  });

  it('rolls a failed change back with its event: the next change takes its number', async () => {
    const before = (await call(t, { url: '/services/events?after=0&limit=1000', as: adminOf('beta') })).json<{ data: { next: number } }>().data.next;
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudit(tx, { registrarHandle: 'beta', username: 'admin@beta', ip: '192.0.2.1' }, 'user.disable', { username: 'gone' });
        throw new Error('the change fails after its audit');
      }),
    ).rejects.toThrow('the change fails');
    await change('beta', 'kept', 0);
    const { events } = (await call(t, { url: `/services/events?after=${before}`, as: adminOf('beta') })).json<{ data: { events: StreamEvent[] } }>().data;
    expect(events.map((e) => [e.seq, e.data.username])).toEqual([[before + 1, 'kept']]);
  });

  it('refuses a key without the events scope, and bad cursors', async () => {
    const key = (await createKey(t, { name: 'Registrations only', scopes: ['registrations'] })).secret;
    expect((await withKey(t, key, '/services/events')).statusCode).toBe(403);
    for (const query of ['after=-1', 'after=x', 'limit=0', 'limit=1001']) {
      expect((await call(t, { url: `/services/events?${query}`, as: adminOf('alpha') })).statusCode, query).toBe(400);
    }
  });
});

describe('what an event carries', () => {
  it('never a secret or hash: an EPP password change says only that, who and when; a new API key not its secret', async () => {
    const tech = { username: 'tech@beta', roles: ['TECH' as const], firstName: 'Tess', lastName: 'Tech' };
    const password = 'Correct Horse 9!';
    expect((await call(t, { method: 'PUT', url: '/services/registrar/epp/password', as: tech, body: { newPassword: password } })).statusCode).toBe(200);
    expect((await call(t, { method: 'PUT', url: '/services/registrar/epp/ip', as: tech, body: { ipAddresses: ['192.0.2.7'] } })).statusCode).toBe(200);
    const created = await createKey(t, { name: 'Payload check' }, adminOf('beta'));
    const { events } = (await call(t, { url: '/services/events?after=0&limit=1000', as: adminOf('beta') })).json<{ data: { events: StreamEvent[] } }>().data;
    const byType = (type: string) => events.filter((e) => e.type === type);
    expect(byType('epp.password.update')).toEqual([expect.objectContaining({ actor: 'tech@beta', data: { firstTime: true }, timestamp: expect.any(String) })]);
    expect(byType('epp.ipAddresses.update')[0]?.data).toEqual({ before: [], after: ['192.0.2.7'] });
    expect(byType('apiKey.create')[0]?.data).toMatchObject({ name: 'Payload check', prefix: `rpk_${created.apiKey.id}` });
    const everything = JSON.stringify(events);
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(created.secret);
    const [stored] = (await t.database.db.execute<{ hash: string }>(sql`SELECT secret_hash AS hash FROM api_keys WHERE id = ${created.apiKey.id}`)).rows;
    expect(everything).not.toContain(stored?.hash);
    expect(everything).not.toMatch(/\$argon2/);
  });

  it('an EPP client certificate uploaded is an event with its slot, fingerprint, subject and end, never the PEM', async () => {
    const tech = { username: 'tech@beta', roles: ['TECH' as const], firstName: 'Tess', lastName: 'Tech' };
    const certificate = await makeCertificate({ key: 'p256', name: 'CN=epp.beta.example, O=Beta Domains NV, C=BE' });
    const uploaded = await upload(t, tech, 'failover', certificate.pem);
    expect(uploaded.statusCode).toBe(200);
    const { events } = (await call(t, { url: '/services/events?after=0&limit=1000', as: adminOf('beta') })).json<{ data: { events: StreamEvent[] } }>().data;
    const [event] = events.filter((e) => e.type === 'epp.certificate.upload');
    expect(event).toMatchObject({
      actor: 'tech@beta',
      data: { slot: 'failover', subject: expect.stringContaining('epp.beta.example'), fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(JSON.stringify(events)).not.toContain('BEGIN CERTIFICATE');
  });
});
