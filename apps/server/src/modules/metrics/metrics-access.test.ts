import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRateLimits } from '../../lib/rate-limit-policy';
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { scrape } from './metrics.test-support';

/*
 * Who may read /metrics: this machine, or a bearer of METRICS_TOKEN. Anyone else gets the 404 an
 * unknown path gets. Every log line of the app is kept, to show the token never reaches the log.
 */
const token = randomBytes(24).toString('base64url');
const logLines: string[] = [];
let t: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { metricsToken: token, rateLimits: loadRateLimits({ RATE_LIMIT_SERVICES_PER_IP: '2/1m' }) },
    { logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } } },
  );
  await createRegistrar(t.database.db, { handle: 'alpha' });
  // A proxy on this machine, named in TRUST_PROXY; no METRICS_TOKEN.
  behindProxy = await createTestApp({ trustProxy: ['loopback'] });
});
afterAll(async () => {
  await t.close();
  await behindProxy.close();
});

const notFound = { data: null, messages: [{ messageKey: 'error.notFound', defaultMessage: expect.any(String) }] };

describe('/metrics', () => {
  it('answers this machine (127.0.0.0/8, ::1, IPv4-mapped loopback) in the Prometheus text format, not cached', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) {
      const res = await scrape(t, { remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('# TYPE registrar_panel_http_requests_total counter');
    }
  });

  it('answers any other address 404 in the envelope, as an unknown API path, and shows nothing', async () => {
    const res = await scrape(t, { remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    expect(res.body).toBe((await call(t, { url: '/services/no-such-thing', remoteAddress: '203.0.113.10' })).body);
    expect(res.body).not.toContain('registrar_panel');
  });

  it('answers a wrong token 404, and METRICS_TOKEN as a bearer token 200, from anywhere', async () => {
    const wrong = randomBytes(24).toString('base64url');
    expect((await scrape(t, { remoteAddress: '203.0.113.9', token: wrong })).statusCode).toBe(404);
    expect((await scrape(t, { remoteAddress: '203.0.113.9', token: token.slice(0, -1) })).statusCode).toBe(404);
    expect((await scrape(t, { remoteAddress: '203.0.113.9', headers: { authorization: `Basic ${token}` } })).statusCode).toBe(404);
    const res = await scrape(t, { remoteAddress: '203.0.113.9', token });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('registrar_panel_db_pool_clients');
  });

  it('does not take a proxy nobody trusts for this machine: its clients need the token', async () => {
    const relayed = { 'x-forwarded-for': '203.0.113.9' };
    expect((await scrape(t, { remoteAddress: '127.0.0.1', headers: relayed })).statusCode).toBe(404);
    expect((await scrape(t, { remoteAddress: '127.0.0.1', headers: relayed, token })).statusCode).toBe(200);
  });

  it('behind a proxy named in TRUST_PROXY, judges the client by its own address', async () => {
    expect((await scrape(behindProxy, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    expect((await scrape(behindProxy, { remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
  });

  it('without METRICS_TOKEN opens to no bearer token, not even a signed-in user’s', async () => {
    const userToken = await behindProxy.tokenFor({ username: 'admin@alpha', roles: ['ADMIN'] });
    expect((await scrape(behindProxy, { remoteAddress: '203.0.113.9', token: userToken })).statusCode).toBe(404);
  });

  it('is not under the API’s request limits: a scraper is not a user', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await scrape(t, { remoteAddress: '198.51.100.5', token })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });

  it('never writes the token, right or wrong, to the log', async () => {
    const wrong = `${token.slice(0, -4)}abcd`;
    await scrape(t, { remoteAddress: '203.0.113.9', token: wrong });
    await scrape(t, { remoteAddress: '203.0.113.9', token });
    const metricsLines = logLines.filter((line) => line.includes('/metrics'));
    expect(metricsLines.length).toBeGreaterThan(10);
    for (const line of logLines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(wrong);
    }
  });
});
