import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ tld: 'be' });
});
afterAll(async () => t.close());

describe('portal foundation', () => {
  it('reports health with a database round trip', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('serves the web configuration without a token', async () => {
    const res = await t.app.inject({ url: '/assets/config/config.json' });
    expect(res.json()).toEqual({
      identity: { realm: 'registrar-panel', authUrl: 'http://portal.test/auth', clientId: 'registrar-panel-web' },
      appConfig: expect.objectContaining({ news_website_link: expect.stringMatching(/^https:/), registrationGuidelinesLink: expect.stringMatching(/^https:/) }),
      demoMode: true,
      // RECENT_AUTHENTICATION_MINUTES' default, for the web app to ask for a new sign-in before an edit.
      recentAuthenticationSeconds: 900,
    });
  });

  it('answers 401 in the envelope without a token, with a forged one and with an expired one', async () => {
    const none = await t.app.inject({ url: '/services/config' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      data: null,
      messages: [{ messageKey: 'error.unauthorized', defaultMessage: 'Your session has ended. Please sign in again.' }],
    });
    const good = await t.tokenFor({ username: 'support@alpha' });
    const [header, payload] = good.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    expect((await t.app.inject({ url: '/services/config', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
    const expired = await t.tokenFor({ username: 'support@alpha', expiresIn: -60 });
    expect((await t.app.inject({ url: '/services/config', headers: { authorization: `Bearer ${expired}` } })).statusCode).toBe(401);
  });

  it('exposes the TLD property to a signed-in user', async () => {
    const token = await t.tokenFor({ username: 'support@alpha' });
    const res = await t.app.inject({ url: '/services/config', headers: { authorization: `Bearer ${token}` } });
    expect(res.json()).toEqual({
      data: { properties: { 'ngp.registration.exposed.top_level_domain': 'be', 'reconciliation.maxBytes': String(200 * 1024 * 1024) } },
      messages: [],
    });
  });

  it('lists every ISO 3166-1 country in English, sorted by name', async () => {
    const token = await t.tokenFor({ username: 'support@alpha' });
    const res = await t.app.inject({ url: '/services/country', headers: { authorization: `Bearer ${token}` } });
    const countries = res.json<{ data: { results: { iso2: string; name: string }[] } }>().data.results;
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(countries).toContainEqual({ iso2: 'BE', name: 'Belgium' });
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('answers unknown API paths with 404 in the envelope', async () => {
    const token = await t.tokenFor({ username: 'support@alpha' });
    const res = await t.app.inject({ url: '/services/nothing-here', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ data: null, messages: [{ messageKey: 'error.notFound' }] });
  });

  it('sends a strict content security policy', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
