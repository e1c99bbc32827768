import { loadConfig } from '../../config';
import { afterAll, describe, expect, it } from 'vitest';
import type { LoginAttempt } from '@registrar-panel/contract';
import type { Config } from '../../config';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SignInDriver } from '../testing/sign-in-driver';
import { createActiveUser, testPassword } from '../testing/users';
import { currentTotpCode } from '../sign-in/totp';

/*
 * TRUST_PROXY: X-Forwarded-For counts only from the proxies it names, and the identity service's
 * advertised URLs come from PUBLIC_URL whatever Host or X-Forwarded-* a client writes.
 */

/** The driver, keeping every Location it was sent to. */
class RecordingDriver extends SignInDriver {
  readonly locations: string[] = [];
  override async request(...args: Parameters<SignInDriver['request']>) {
    const response = await super.request(...args);
    if (response.headers.location) this.locations.push(String(response.headers.location));
    return response;
  }
}

const apps: TestApp[] = [];
afterAll(async () => Promise.all(apps.map((t) => t.close())));

async function portal(overrides: Partial<Config> = {}) {
  const t = await createTestApp(overrides);
  apps.push(t);
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createActiveUser(t.database.db, t.config, { username: 'admin@alpha', roles: ['ADMIN'] });
  return t;
}

/** A complete sign-in (password, one-time code, back at the portal) from a socket address, with extra headers. */
async function signIn(t: TestApp, user: { username: string; secret: string | null }, from: string, headers: Record<string, string>, codeAt = Date.now()) {
  const browser = new SignInDriver(t.app, t.config, from);
  browser.extraHeaders = headers;
  await browser.start();
  await browser.submit({ username: user.username, password: testPassword });
  const back = await browser.submit({ code: await currentTotpCode(user.secret ?? '', codeAt) });
  expect(back).toContain('code=');
}

/** The addresses an administrator sees in the user's sign-in records. */
async function recordedIps(t: TestApp, username: string): Promise<(string | undefined)[]> {
  const token = await t.tokenFor({ username: 'admin@alpha', roles: ['ADMIN'] });
  const res = await t.app.inject({ url: `/services/users/${encodeURIComponent(username)}/loginAttempts`, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { results: LoginAttempt[] } }>().data.results.map((attempt) => attempt.ip);
}

/** Every URL in the discovery document, as a client that wrote its own Host and X-Forwarded-* headers reads it. */
async function advertisedUrls(t: TestApp, remoteAddress: string): Promise<string[]> {
  const res = await t.app.inject({
    url: '/auth/realms/registrar-panel/.well-known/openid-configuration',
    remoteAddress,
    headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  });
  expect(res.statusCode).toBe(200);
  return Object.values(res.json<Record<string, unknown>>()).filter((value): value is string => typeof value === 'string' && /^https?:/.test(value));
}

describe('without TRUST_PROXY (the default)', () => {
  it('records the socket address of a sign-in, not the X-Forwarded-For a client wrote', async () => {
    const t = await portal();
    const user = await createActiveUser(t.database.db, t.config, { username: 'worker@alpha' });
    await signIn(t, user, '203.0.113.10', { 'x-forwarded-for': '192.0.2.99' });
    expect(await recordedIps(t, 'worker@alpha')).toEqual(['203.0.113.10']);
  });

  it('cannot be made to skip the new-address mail by claiming a known address', async () => {
    const t = await portal();
    const user = await createActiveUser(t.database.db, t.config, { username: 'victim@alpha' });
    await signIn(t, user, '203.0.113.10', {});
    await t.newMail();
    // The attacker knows the victim's usual address and writes it into X-Forwarded-For.
    await signIn(t, user, '198.51.100.66', { 'x-forwarded-for': '203.0.113.10' }, Date.now() + 30_000);
    const mails = await t.newMail();
    expect(mails).toEqual([expect.objectContaining({ to: user.email, subject: expect.stringContaining('New sign-in') })]);
    expect(mails[0]?.text).toContain('IP address: 198.51.100.66');
  });

  it('advertises only PUBLIC_URL in discovery, whatever Host and X-Forwarded-Host say', async () => {
    const t = await portal();
    const urls = await advertisedUrls(t, '203.0.113.10');
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url.startsWith('http://portal.test/auth/realms/registrar-panel')).toBe(true);
  });

  it('never redirects a signing-in browser to the host a client named', async () => {
    const t = await portal();
    const user = await createActiveUser(t.database.db, t.config, { username: 'named@alpha' });
    const browser = new RecordingDriver(t.app, t.config, '203.0.113.10');
    browser.extraHeaders = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    await browser.start();
    await browser.submit({ username: user.username, password: testPassword });
    expect(await browser.submit({ code: await currentTotpCode(user.secret ?? '') })).toContain('code=');
    expect(browser.locations.length).toBeGreaterThan(2);
    for (const location of browser.locations) expect(new URL(location, 'http://portal.test').origin).toBe('http://portal.test');
  });
});

describe('TRUST_PROXY with the proxy address', () => {
  it("records the address the proxy saw, and a direct client's socket address", async () => {
    const t = await portal({ trustProxy: ['127.0.0.1'] });
    const proxied = await createActiveUser(t.database.db, t.config, { username: 'proxied@alpha' });
    // The leftmost entry is the client's own claim; the proxy appends the address it saw.
    await signIn(t, proxied, '127.0.0.1', { 'x-forwarded-for': '192.0.2.1, 198.51.100.7' });
    expect(await recordedIps(t, 'proxied@alpha')).toEqual(['198.51.100.7']);

    const direct = await createActiveUser(t.database.db, t.config, { username: 'direct@alpha' });
    await signIn(t, direct, '203.0.113.20', { 'x-forwarded-for': '198.51.100.9' });
    expect(await recordedIps(t, 'direct@alpha')).toEqual(['203.0.113.20']);
  });

  it('still advertises only PUBLIC_URL when the trusted proxy forwards another host', async () => {
    const t = await portal({ trustProxy: ['127.0.0.1'] });
    for (const url of await advertisedUrls(t, '127.0.0.1')) expect(url.startsWith('http://portal.test/auth/realms/registrar-panel')).toBe(true);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  it('takes the address the nearest proxy appended', async () => {
    const t = await portal({ trustProxy: 1 });
    const user = await createActiveUser(t.database.db, t.config, { username: 'hop@alpha' });
    await signIn(t, user, '10.0.0.2', { 'x-forwarded-for': '192.0.2.1, 198.51.100.8' });
    expect(await recordedIps(t, 'hop@alpha')).toEqual(['198.51.100.8']);
  });
});

describe('an https PUBLIC_URL behind a TLS proxy', () => {
  it('advertises https and sets Secure cookies even when the proxy speaks plain http to the portal', async () => {
    const t = await portal({
      publicUrl: 'https://portal.test',
      identity: { ...loadConfig({ PUBLIC_URL: 'https://portal.test', DEMO_MODE: 'true' }).identity },
      trustProxy: ['127.0.0.1'],
    });
    const urls = await advertisedUrls(t, '127.0.0.1');
    for (const url of urls) expect(url.startsWith('https://portal.test/auth/realms/registrar-panel')).toBe(true);

    const browser = new SignInDriver(t.app, t.config, '127.0.0.1');
    browser.extraHeaders = { 'x-forwarded-proto': 'http' };
    const start = await browser.request(
      'GET',
      '/auth/realms/registrar-panel/protocol/openid-connect/auth?client_id=registrar-panel-web&response_type=code&scope=openid&code_challenge=abcdefghijabcdefghijabcdefghijabcdefghij123&code_challenge_method=S256&redirect_uri=https%3A%2F%2Fportal.test%2F',
    );
    const cookies = [start.headers['set-cookie'] ?? []].flat();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i);
  });
});
