import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistrar } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { SignInDriver } from '../identity/testing/sign-in-driver';
import { createActiveUser, testPassword } from '../identity/testing/users';
import { currentTotpCode } from '../identity/sign-in/totp';

/*
 * What caches may keep: nothing of the API (personal and registrar data, and its errors), the
 * provider's discovery document and keys for a few minutes, nothing of its token and userinfo answers.
 */
let t: TestApp;
let adminToken = '';
beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  adminToken = await t.tokenFor({ username: 'admin@alpha' });
});
afterAll(async () => t.close());

const get = async (url: string, token?: string) =>
  t.app.inject({ url, headers: { host: 'portal.test', ...(token ? { authorization: `Bearer ${token}` } : {}) } });

describe('Cache-Control of the API', () => {
  it.each([
    ['the registrar', '/services/registrar', 200],
    ['the users', '/services/users', 200],
    ['the billing lines', '/services/registrar/finance/billingLines?year=2024&month=1', 200],
    ['the billing CSV', '/services/registrar/finance/billingLines/csv?year=2024&month=1', 200],
    ['refused input (400)', '/services/registrar/finance/billingLines?year=2024&month=13', 400],
    ['an unknown registration (404)', '/services/domains/unknown-name.be', 404],
    ['an unknown API path (404)', '/services/no/such/thing', 404],
  ])('is no-store for %s', async (_case, url, status) => {
    const res = await get(url, adminToken);
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is no-store for the domain report, a refused role (403) and a missing token (401)', async () => {
    const tech = await t.tokenFor({ username: 'tech@alpha', roles: ['TECH'] });
    const report = await get('/services/registrar/alpha/report/domains/csv', tech);
    expect(report.statusCode).toBe(200);
    expect(report.headers['cache-control']).toBe('no-store');
    const refused = await get('/services/users', tech);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
    const anonymous = await get('/services/registrar');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('keeps the policy a route chose: the country list names no one', async () => {
    expect((await get('/services/country', adminToken)).headers['cache-control']).toBe('private, max-age=86400');
  });
});

describe('Cache-Control of the identity provider', () => {
  const realm = '/auth/realms/registrar-panel';

  it('lets discovery and the keys be kept 5 minutes', async () => {
    for (const path of ['/.well-known/openid-configuration', '/protocol/openid-connect/certs']) {
      const res = await get(`${realm}${path}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    }
  });

  it('keeps no token answer, granted or refused', async () => {
    const { secret } = await createActiveUser(t.database.db, t.config, { username: 'toby@alpha' });
    const browser = new SignInDriver(t.app, t.config);
    await browser.start();
    await browser.submit({ username: 'toby@alpha', password: testPassword });
    const tokens = await browser.exchange(await browser.submit({ code: await currentTotpCode(secret ?? '') }));
    const granted = await browser.refresh(tokens.refresh_token);
    expect(granted.statusCode).toBe(200);
    expect(granted.headers['cache-control']).toBe('no-store');
    const refused = await browser.refresh('not-a-refresh-token');
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
