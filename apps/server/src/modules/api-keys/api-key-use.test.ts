import { addCalendarDays, apiKeyScopes, brusselsDay, type ApiKeyScope, type HistoryEntry } from '@registrar-panel/contract';
import { apiRoutes, routeKey } from '@registrar-panel/contract/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKeys, billingEvents, reconciliationRuns, registrars } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { call, messagesOf } from '../../test/http';
import { loadRateLimits } from '../../lib/rate-limit-policy';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createContact, createDomain } from '../registrations/registrations.test-support';
import { adminOf, createKey, withKey } from './api-keys.test-support';

/*
 * Using a key: on the routes whose table entry gives an `apiKeyScope` only, within its scopes and its registrar, refused
 * like a bad token when it is wrong, revoked, expired or used from another address.
 */

let t: TestApp;
const keys = {} as Record<ApiKeyScope | 'all', string>;

/** The routes a key may call, each with the scope it needs: from their table entries. */
const apiKeyRoutes: Record<string, ApiKeyScope | undefined> = Object.fromEntries(
  apiRoutes.filter((route) => route.apiKeyScope !== undefined).map((route) => [routeKey(route), route.apiKeyScope]),
);

/** A reconciliation run of alpha's, finished (its upload has its own tests: reconciliation.test.ts). */
const alphaRunId = '00000000-0000-4000-8000-00000000a1fa';

/** A concrete request for each route a key may call, on registrar alpha's own data. */
const requests = {
  'GET /domains/search': '/services/domains/search?ulabel=*shop*&page=0&size=100',
  'GET /domains/search/csv': '/services/domains/search/csv?ulabel=*shop*',
  'GET /domains/overview': '/services/domains/overview',
  'GET /domains/overview/forecast/csv': '/services/domains/overview/forecast/csv',
  'GET /domains/:domainName': '/services/domains/alpha-shop.be',
  'GET /transfer/:domainName': '/services/transfer/alpha-shop.be',
  'GET /contacts/:handle': '/services/contacts/ALPHA-C1',
  'GET /registrar/finance/billingLines': '/services/registrar/finance/billingLines?year=2024&month=1',
  'GET /registrar/finance/billingLines/csv': '/services/registrar/finance/billingLines/csv?year=2024&month=1',
  'GET /registrar/:handle/report/domains/csv': '/services/registrar/alpha/report/domains/csv',
  'GET /events': '/services/events?after=0',
  'GET /reconciliations': '/services/reconciliations',
  'GET /reconciliations/:runId': `/services/reconciliations/${alphaRunId}`,
  'GET /reconciliations/:runId/results': `/services/reconciliations/${alphaRunId}/results?kind=differs&page=0`,
  'GET /reconciliations/:runId/csv': `/services/reconciliations/${alphaRunId}/csv`,
  'GET /domains/history/portfolio': '/services/domains/history/portfolio?at=2026-01-01',
  'GET /domains/history/portfolio/count': '/services/domains/history/portfolio/count?at=2026-01-01',
  'GET /domains/history/portfolio/csv': '/services/domains/history/portfolio/csv?at=2026-01-01',
  'GET /domains/history/changes': '/services/domains/history/changes?from=2025-01-01&to=2026-01-01',
  'GET /domains/history/changes/counts': '/services/domains/history/changes/counts?from=2025-01-01&to=2026-01-01',
  'GET /domains/history/changes/csv': '/services/domains/history/changes/csv?from=2025-01-01&to=2026-01-01',
  'GET /domains/:domainName/history': '/services/domains/alpha-shop.be/history',
} as const satisfies Record<string, string>;
type ApiKeyRoute = keyof typeof requests;

beforeAll(async () => {
  // Many creations by one ADMIN here; the creation limit has its own test (api-key-limits.test.ts).
  t = await createTestApp({ rateLimits: loadRateLimits({ RATE_LIMIT_API_KEY_CREATION_PER_USER: '1000/1h' }) });
  for (const handle of ['alpha', 'beta', 'blocked']) await createRegistrar(t.database.db, { handle });
  for (const handle of ['alpha', 'beta']) {
    const upper = handle.toUpperCase();
    await createContact(t.database.db, { handle: `${upper}-C1`, registrarHandle: handle });
    await createDomain(t.database.db, {
      uLabel: `${handle}-shop.be`,
      registrarHandle: handle,
      registrantHandle: `${upper}-C1`,
      transfers: [{ status: 'clientApproved', requestedAt: new Date('2024-01-02T10:00:00Z') }],
    });
  }
  await t.database.db.insert(billingEvents).values({
    registrarHandle: 'alpha',
    eventAt: new Date('2024-01-15T12:00:00Z'),
    eventType: 'CREATE',
    eventSubtype: 'DOMAIN',
    period: 1,
    subject: 'alpha-shop.be',
    svTrid: 'sv-1',
  });
  await t.database.db.insert(reconciliationRuns).values({ id: alphaRunId, registrarHandle: 'alpha', startedBy: 'support@alpha', state: 'done' });
  keys.all = (await createKey(t, { name: 'Everything', scopes: [...apiKeyScopes] })).secret;
  for (const scope of apiKeyScopes) keys[scope] = (await createKey(t, { name: `Only ${scope}`, scopes: [scope] })).secret;
});
afterAll(async () => t?.close());

describe('the routes a key may call', () => {
  it('are GET routes the API registers, each with a request in this test', () => {
    for (const route of Object.keys(apiKeyRoutes)) {
      const [method, path] = route.split(' ') as [string, string];
      expect(method, route).toBe('GET');
      expect(t.app.hasRoute({ method: 'GET', url: `/services${path}` }), route).toBe(true);
    }
    expect(Object.keys(requests).sort()).toEqual(Object.keys(apiKeyRoutes).sort());
  });

  it("answer a key with every scope, with the key's registrar's data only", async () => {
    for (const [route, url] of Object.entries(requests)) {
      const res = await withKey(t, keys.all, url);
      expect(res.statusCode, `${route}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.body, route).not.toContain('beta-shop.be');
    }
    const search = await withKey(t, keys.all, requests['GET /domains/search']);
    expect(search.json<{ data: { results: { uLabel: string }[]; totalResults: number } }>().data).toMatchObject({
      totalResults: 1,
      results: [{ uLabel: 'alpha-shop.be' }],
    });
    const report = await withKey(t, keys.all, requests['GET /registrar/:handle/report/domains/csv']);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.body).toContain('alpha-shop.be');
    const billing = await withKey(t, keys.all, requests['GET /registrar/finance/billingLines']);
    expect(billing.json<{ data: { results: unknown[] } }>().data.results).toHaveLength(1);
  });

  it.each(apiKeyScopes)('answer a key with only %s on its routes, and 403 on the others', async (scope) => {
    for (const [route, url] of Object.entries(requests) as [ApiKeyRoute, string][]) {
      const res = await withKey(t, keys[scope], url);
      if (apiKeyRoutes[route] === scope) {
        expect(res.statusCode, route).toBe(200);
      } else {
        expect(res.statusCode, route).toBe(403);
        expect(res.json()).toEqual({ data: null, messages: [{ messageKey: 'error.forbidden', defaultMessage: 'You are not allowed to do this.' }] });
      }
    }
  });
});

describe('every other route', () => {
  it('answers 403 to a key, even with every scope, and changes nothing', async () => {
    const before = (await t.database.db.select().from(apiKeys)).length;
    const refused: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }[] = [
      { method: 'GET', url: '/services/users' },
      { method: 'POST', url: '/services/users', body: { username: 'sneaky', name: 'Sneaky', email: 'sneaky@mail.example', roles: ['SUPPORT'] } },
      { method: 'PUT', url: '/services/registrar', body: {} },
      { method: 'GET', url: '/services/registrar' },
      { method: 'GET', url: '/services/registrar/history' },
      { method: 'GET', url: '/services/registrar/epp/ip' },
      { method: 'PUT', url: '/services/registrar/epp/ip', body: { ipAddresses: ['192.0.2.10'] } },
      { method: 'GET', url: '/services/apiKeys' },
      { method: 'POST', url: '/services/apiKeys', body: { name: 'From a key', scopes: ['billing'], expiresOn: brusselsDay(), allowedAddresses: [] } },
      { method: 'DELETE', url: `/services/apiKeys/${keys.billing.slice(4, 16)}` },
      { method: 'DELETE', url: '/services/me/password' },
      { method: 'GET', url: '/services/config' },
    ];
    for (const request of refused) {
      const res = await withKey(t, keys.all, request.url, { method: request.method, body: request.body });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(messagesOf(res)).toMatchObject([{ messageKey: 'error.forbidden' }]);
    }
    expect(await t.database.db.select().from(apiKeys)).toHaveLength(before);
    expect(
      (
        await t.database.db
          .select()
          .from(apiKeys)
          .where(eq(apiKeys.id, keys.billing.slice(4, 16)))
      )[0]?.revokedAt,
    ).toBeNull();
  });
});

describe('a route reached another way', () => {
  it('is judged by the route it reaches: another method, an encoded or dotted path, a trailing slash, a query', async () => {
    const search = requests['GET /domains/search'];
    // Fastify answers HEAD for every GET route: not in the table, so refused like any other method.
    for (const method of ['HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
      for (const url of [search, '/services/domains/alpha-shop.be', requests['GET /registrar/:handle/report/domains/csv']]) {
        const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${keys.all}` } });
        expect([403, 404], `${method} ${url}`).toContain(res.statusCode);
        expect(res.body, `${method} ${url}`).not.toContain('alpha-shop.be');
      }
    }
    for (const url of [
      '/services/apiKeys/',
      '/services/%61piKeys',
      '/services/domains/search/../../apiKeys',
      '/services/apiKeys?route=/domains/search',
      '/services/registrar/%68istory',
      '/services/users#/domains/search',
    ]) {
      const res = await withKey(t, keys.all, url);
      expect(res.statusCode, url).toBe(403);
      expect(messagesOf(res), url).toMatchObject([{ messageKey: 'error.forbidden' }]);
    }
    for (const url of ['/services//apiKeys', '/services/domains/..%2F..%2FapiKeys', '/services/users;/domains/search']) {
      expect([403, 404], url).toContain((await withKey(t, keys.all, url)).statusCode);
    }
    expect((await withKey(t, keys.all, `${requests['GET /registrar/:handle/report/domains/csv']}/`)).statusCode).toBe(200);
  });

  it('answers 401 to a key prefix in front of a valid access token, and to a key padded or joined to another', async () => {
    const token = await t.tokenFor(adminOf('alpha'));
    const { secret: other } = await createKey(t, { name: 'Another key' });
    const forged = [
      `rpk_${token}`,
      `rpk_${other.slice(4, 16)}_${keys.all.slice(17)}`,
      `${keys.all} `,
      `${keys.all}${'A'.repeat(8000)}`,
      `${keys.all},${other}`,
      `${token} ${keys.all}`,
      `RPK_${keys.all.slice(4)}`,
    ];
    for (const key of forged) expect((await withKey(t, key, '/services/apiKeys')).statusCode, key.slice(0, 30)).toBe(401);
    // The scheme's letter case is free (RFC 9110), the key's is not.
    expect((await t.app.inject({ url: requests['GET /domains/search'], headers: { authorization: `bearer ${keys.all}` } })).statusCode).toBe(200);
  });
});

describe("another registrar's identifiers", () => {
  it('answer a key exactly as they answer a user of its registrar, never with the data', async () => {
    const user = { username: 'support@alpha', roles: ['SUPPORT' as const] };
    for (const url of [
      '/services/domains/beta-shop.be',
      '/services/transfer/beta-shop.be',
      '/services/contacts/BETA-C1',
      '/services/registrar/beta/report/domains/csv',
    ]) {
      const byKey = await withKey(t, keys.all, url);
      const byUser = await call(t, { url, as: user });
      expect(byKey.statusCode, url).toBe(byUser.statusCode);
      expect(byKey.body, url).toBe(byUser.body);
      expect(byKey.body, url).not.toContain('beta-shop.be');
    }
    expect((await withKey(t, keys.all, '/services/domains/beta-shop.be')).statusCode).toBe(404);
    expect((await withKey(t, keys.all, '/services/contacts/BETA-C1')).statusCode).toBe(404);
    // The report checks the handle as it does for users: not found, never another registrar's file.
    expect((await withKey(t, keys.all, '/services/registrar/beta/report/domains/csv')).statusCode).toBe(404);
  });
});

describe('a key that does not open the API', () => {
  const badToken = async () => (await t.app.inject({ url: requests['GET /domains/search'], headers: { authorization: 'Bearer not-a-token' } })).body;

  it('answers 401 exactly as a bad token for a wrong secret, an unknown id or a text only shaped like a key', async () => {
    const expected = await badToken();
    const wrongSecret = `${keys.all.slice(0, -1)}${keys.all.endsWith('A') ? 'B' : 'A'}`;
    const unknownId = `rpk_AAAAAAAAAAAA${keys.all.slice(16)}`;
    for (const key of [wrongSecret, unknownId, 'rpk_', 'rpk_short_secret', `${keys.all}x`, keys.all.toLowerCase()]) {
      const res = await withKey(t, key, requests['GET /domains/search']);
      expect(res.statusCode, key).toBe(401);
      expect(res.body).toBe(expected);
    }
  });

  it('answers 401 once the key is revoked, at once', async () => {
    const created = await createKey(t, { name: 'Soon revoked' });
    expect((await withKey(t, created.secret, requests['GET /domains/search'])).statusCode).toBe(200);
    await call(t, { method: 'DELETE', url: `/services/apiKeys/${created.apiKey.id}`, as: adminOf('alpha') });
    const res = await withKey(t, created.secret, requests['GET /domains/search']);
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe(await badToken());
  });

  it('works through its expiry day and answers 401 from the day after (Brussels)', async () => {
    const created = await createKey(t, { name: 'Ends today', expiresOn: brusselsDay() });
    expect((await withKey(t, created.secret, requests['GET /domains/search'])).statusCode).toBe(200);
    await t.database.db
      .update(apiKeys)
      .set({ expiresOn: addCalendarDays(brusselsDay(), -1) })
      .where(eq(apiKeys.id, created.apiKey.id));
    expect((await withKey(t, created.secret, requests['GET /domains/search'])).statusCode).toBe(401);
  });

  it('answers 401 to every request sent once its revocation has answered, even with requests of it in flight', async () => {
    const created = await createKey(t, { name: 'Revoked under load' });
    const url = requests['GET /domains/search'];
    const inFlight = Array.from({ length: 20 }, () => withKey(t, created.secret, url));
    const revoked = await call(t, { method: 'DELETE', url: `/services/apiKeys/${created.apiKey.id}`, as: adminOf('alpha') });
    expect(revoked.statusCode).toBe(200);
    const after = await Promise.all(Array.from({ length: 20 }, () => withKey(t, created.secret, url)));
    expect(after.map((res) => res.statusCode)).toEqual(Array.from({ length: 20 }, () => 401));
    // Those sent before it answered either way: a request past authentication completes, as any in flight does.
    for (const res of await Promise.all(inFlight)) expect([200, 401]).toContain(res.statusCode);
  });

  it('works up to 24:00 of its expiry day in Brussels, winter and summer, and not a millisecond longer', async () => {
    const created = await createKey(t, { name: 'Midnight' });
    const url = requests['GET /domains/search'];
    const at = async (instant: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(instant));
      try {
        return (await withKey(t, created.secret, url)).statusCode;
      } finally {
        vi.useRealTimers();
      }
    };
    // CET (UTC+1), and CEST (UTC+2) on the night the clocks go back.
    for (const [expiresOn, lastMoment, refused] of [
      ['2031-01-15', '2031-01-15T22:59:59.999Z', '2031-01-15T23:00:00.000Z'],
      ['2031-10-25', '2031-10-25T21:59:59.999Z', '2031-10-25T22:00:00.000Z'],
    ] as const) {
      await t.database.db.update(apiKeys).set({ expiresOn }).where(eq(apiKeys.id, created.apiKey.id));
      expect(await at(lastMoment), lastMoment).toBe(200);
      expect(await at(refused), refused).toBe(401);
    }
  });

  it('answers 403 registrar.accessBlocked once the registry blocks its registrar', async () => {
    const created = await createKey(t, { name: 'Blocked later', scopes: ['registrations'] }, adminOf('blocked'));
    expect((await withKey(t, created.secret, '/services/domains/overview')).statusCode).toBe(200);
    await t.database.db.update(registrars).set({ status: 'BLOCKED' }).where(eq(registrars.handle, 'blocked'));
    await t.app.changeNotices.caughtUp();
    const res = await withKey(t, created.secret, '/services/domains/overview');
    expect(res.statusCode).toBe(403);
    expect(messagesOf(res)).toMatchObject([{ messageKey: 'registrar.accessBlocked' }]);
  });
});

describe('a key limited to addresses', () => {
  it('is accepted from an allowed address or range and refused with 401 from any other', async () => {
    const { secret } = await createKey(t, { name: 'Office only', allowedAddresses: ['198.51.100.0/24', '2001:db8::/48', '203.0.113.9'] });
    const from = async (remoteAddress: string, headers: Record<string, string> = {}) =>
      (await t.app.inject({ url: requests['GET /domains/search'], remoteAddress, headers: { authorization: `Bearer ${secret}`, ...headers } })).statusCode;
    for (const allowed of ['198.51.100.7', '::ffff:198.51.100.8', '2001:db8:0:42::1', '203.0.113.9']) expect(await from(allowed), allowed).toBe(200);
    for (const refused of ['198.51.101.7', '203.0.113.10', '2001:db9::1', '127.0.0.1']) expect(await from(refused), refused).toBe(401);
    // Without TRUST_PROXY, a client cannot name its own address.
    expect(await from('192.0.2.1', { 'x-forwarded-for': '198.51.100.7' })).toBe(401);
  });

  it('behind the proxies TRUST_PROXY names, is judged by the address they forward, never by one a client writes', async () => {
    const proxied = await createTestApp({ trustProxy: ['10.0.0.0/8'] });
    try {
      await createRegistrar(proxied.database.db, { handle: 'alpha' });
      const { secret } = await createKey(proxied, { name: 'Office only', allowedAddresses: ['198.51.100.0/24'] });
      const from = async (remoteAddress: string, headers: Record<string, string>) =>
        (await proxied.app.inject({ url: requests['GET /domains/search'], remoteAddress, headers: { authorization: `Bearer ${secret}`, ...headers } }))
          .statusCode;
      expect(await from('10.0.0.2', { 'x-forwarded-for': '198.51.100.7' })).toBe(200);
      expect(await from('10.0.0.2', { 'x-forwarded-for': '192.0.2.1, 198.51.100.7' })).toBe(200);
      // The proxy appends the address it saw; what the client wrote before it does not count.
      expect(await from('10.0.0.2', { 'x-forwarded-for': '198.51.100.7, 192.0.2.1' })).toBe(401);
      // Not a proxy TRUST_PROXY names; and Forwarded is not read at all.
      expect(await from('192.0.2.1', { 'x-forwarded-for': '198.51.100.7' })).toBe(401);
      expect(await from('10.0.0.2', { forwarded: 'for=198.51.100.7' })).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe("a key's downloads in the registrar's history", () => {
  it('are recorded with the key as the actor, shown by its name and prefix', async () => {
    const created = await createKey(t, { name: 'Report robot', scopes: ['domainReport', 'registrations'] });
    expect((await withKey(t, created.secret, requests['GET /registrar/:handle/report/domains/csv'], { remoteAddress: '198.51.100.20' })).statusCode).toBe(200);
    expect((await withKey(t, created.secret, requests['GET /domains/search/csv'], { remoteAddress: '198.51.100.20' })).statusCode).toBe(200);
    const res = await call(t, { url: '/services/registrar/history?kind=downloads', as: adminOf('alpha') });
    const actor = `API key Report robot (${created.apiKey.prefix})`;
    const entries = res.json<{ data: { entries: HistoryEntry[] } }>().data.entries.filter((entry) => entry.username === actor);
    expect(entries.map((entry) => entry.action)).toEqual(['download.searchExport', 'download.domainReport']);
    expect(entries.every((entry) => entry.ip === '198.51.100.20')).toBe(true);
    expect(res.body).not.toContain(created.secret.slice(-43));
  });
});
