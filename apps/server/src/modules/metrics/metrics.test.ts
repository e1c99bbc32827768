import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOutcomes } from '@registrar-panel/contract';
import { currentTotpCode } from '../../identity/sign-in/totp';
import { SignInDriver } from '../../identity/testing/sign-in-driver';
import { createActiveUser, testPassword } from '../../identity/testing/users';
import { loadRateLimits } from '../../lib/rate-limit-policy';
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { exposition, sampleOf } from './metrics.test-support';

/*
 * What an operator reads at /metrics after real requests through the whole app. Counters only
 * grow, so each test compares the scrape after its requests with the one before.
 */
let t: TestApp;
beforeAll(async () => {
  // Tight limits, so that a few requests meet them; each test uses addresses of its own.
  t = await createTestApp({ rateLimits: loadRateLimits({ RATE_LIMIT_SERVICES_PER_IP: '3/1m', RATE_LIMIT_SIGN_IN_PER_IP: '3/15m' }) });
  await createRegistrar(t.database.db, { handle: 'alpha' });
});
afterAll(async () => t.close());

/** How much a sample grew between two scrapes (a sample that was absent counts as 0). */
const growth = (before: string, after: string, name: string, labels: Record<string, string>) =>
  (sampleOf(after, name, labels) ?? 0) - (sampleOf(before, name, labels) ?? 0);

describe('requests', () => {
  it('are counted and timed by route template, method and status, never by the path they asked for', async () => {
    const before = await exposition(t);
    await call(t, { url: '/health/live' });
    await call(t, { url: '/health/live' });
    const tech = { username: 'tess@alpha', roles: ['TECH' as const] };
    const first = await call(t, { url: '/services/domains/example-one.be', as: tech, remoteAddress: '198.51.100.20' });
    await call(t, { url: '/services/domains/example-two.be', as: tech, remoteAddress: '198.51.100.20' });
    expect((await call(t, { url: '/no/such/file.txt' })).statusCode).toBe(404);
    const after = await exposition(t);

    const live = { route: '/health/live', method: 'GET', status: '200' };
    expect(growth(before, after, 'registrar_panel_http_requests_total', live)).toBe(2);
    expect(growth(before, after, 'registrar_panel_http_request_duration_seconds_count', live)).toBe(2);
    expect(sampleOf(after, 'registrar_panel_http_request_duration_seconds_bucket', { ...live, le: '+Inf' })).toBeGreaterThanOrEqual(2);
    const domain = { route: '/services/domains/:domainName', method: 'GET', status: String(first.statusCode) };
    expect(growth(before, after, 'registrar_panel_http_requests_total', domain)).toBe(2);
    // One label value for every path no route matched, whatever was asked for.
    expect(growth(before, after, 'registrar_panel_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(after).not.toMatch(/example-one|example-two|no\/such/);
    expect(after).toContain('# TYPE registrar_panel_http_request_duration_seconds histogram');
  });
});

describe('sign-in outcomes', () => {
  it('show every outcome from zero, and count a refused and a successful sign-in as they are recorded', async () => {
    const before = await exposition(t);
    for (const outcome of signInOutcomes) expect(sampleOf(before, 'registrar_panel_sign_ins_total', { outcome }), outcome).toBeDefined();

    const { secret } = await createActiveUser(t.database.db, t.config, { username: 'sam@alpha' });
    const guesser = new SignInDriver(t.app, t.config, '192.0.2.1');
    await guesser.start();
    await guesser.submit({ username: 'sam@alpha', password: 'not the password' });
    const owner = new SignInDriver(t.app, t.config, '192.0.2.2');
    await owner.start();
    await owner.submit({ username: 'sam@alpha', password: testPassword });
    expect(await owner.submit({ code: await currentTotpCode(secret ?? '') })).toMatch(/\?code=/);
    const after = await exposition(t);

    const grown = Object.fromEntries(signInOutcomes.map((outcome) => [outcome, growth(before, after, 'registrar_panel_sign_ins_total', { outcome })]));
    expect(grown).toEqual({ success: 1, wrongPassword: 1, wrongCode: 0, locked: 0, disabled: 0, accessEnded: 0, registrarBlocked: 0 });
  });
});

describe('rate-limit refusals', () => {
  it('are counted by the limit that refused, on the API and on the sign-in page', async () => {
    const before = await exposition(t);
    expect(sampleOf(before, 'registrar_panel_rate_limit_refusals_total', { limit: 'servicesPerIp' })).toBeDefined();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(t, { url: '/services/config', remoteAddress: '192.0.2.30' })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);

    const browser = new SignInDriver(t.app, t.config, '192.0.2.31');
    await browser.start();
    const posts: number[] = [];
    for (let i = 0; i < 4; i++) {
      await browser.submit({ username: 'nobody@alpha', password: `guess ${i}` });
      posts.push(browser.status);
    }
    expect(posts).toEqual([200, 200, 200, 429]);
    const after = await exposition(t);

    expect(growth(before, after, 'registrar_panel_rate_limit_refusals_total', { limit: 'servicesPerIp' })).toBe(1);
    expect(growth(before, after, 'registrar_panel_rate_limit_refusals_total', { limit: 'signInPerIp' })).toBe(1);
    expect(growth(before, after, 'registrar_panel_rate_limit_refusals_total', { limit: 'signInPerAccount' })).toBe(0);
    expect(growth(before, after, 'registrar_panel_http_requests_total', { route: '/services/config', method: 'GET', status: '429' })).toBe(1);
  });
});

describe('the database pool and the process', () => {
  it("show the pool's connections as the scrape finds them, and the process's standard metrics", async () => {
    expect((await call(t, { url: '/health/ready' })).statusCode).toBe(200);
    const text = await exposition(t);
    expect(sampleOf(text, 'registrar_panel_db_pool_clients')).toBeGreaterThanOrEqual(1);
    expect(sampleOf(text, 'registrar_panel_db_pool_idle_clients')).toBeGreaterThanOrEqual(1);
    expect(sampleOf(text, 'registrar_panel_db_pool_waiting')).toBe(0);
    expect(sampleOf(text, 'registrar_panel_db_pool_max_clients')).toBe(10);
    for (const name of ['process_cpu_user_seconds_total', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect(sampleOf(text, name), name).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('gauges read at scrape time', () => {
  it('are read at each scrape, one value or one per label set; one that fails shows NaN and leaves the rest of the scrape', async () => {
    let backlog = 3;
    t.app.metrics.addScrapeGauge({ name: 'test_backlog', help: 'Jobs waiting.', read: () => backlog });
    t.app.metrics.addScrapeGauge({
      name: 'test_jobs',
      help: 'Jobs by state.',
      labelNames: ['state'],
      read: async () => [
        { labels: { state: 'waiting' }, value: backlog },
        { labels: { state: 'failed' }, value: 1 },
      ],
    });
    t.app.metrics.addScrapeGauge({
      name: 'test_broken',
      help: 'A figure whose table is gone.',
      read: async () => {
        throw new Error('relation does not exist');
      },
    });

    expect(sampleOf(await exposition(t), 'registrar_panel_test_backlog')).toBe(3);
    backlog = 5;
    const text = await exposition(t);
    expect(sampleOf(text, 'registrar_panel_test_backlog')).toBe(5);
    expect(sampleOf(text, 'registrar_panel_test_jobs', { state: 'waiting' })).toBe(5);
    expect(sampleOf(text, 'registrar_panel_test_jobs', { state: 'failed' })).toBe(1);
    expect(text).toContain('# HELP registrar_panel_test_broken A figure whose table is gone.');
    expect(sampleOf(text, 'registrar_panel_test_broken')).toBeNaN();
    expect(sampleOf(text, 'registrar_panel_db_pool_max_clients')).toBe(10);
  });
});
