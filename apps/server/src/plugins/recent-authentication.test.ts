import type { PanelRole } from '@registrar-panel/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { users } from '../db/schema';
import { currentTotpCode } from '../identity/sign-in/totp';
import { SignInDriver } from '../identity/testing/sign-in-driver';
import { createActiveUser, testPassword } from '../identity/testing/users';
import { createRegistrar } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let adminSecret = '';

const path = (username: string, rest = '') => `/services/users/${encodeURIComponent(username)}${rest}`;
const update = { name: 'Sam Support', email: 'sam.new@mail.example', roles: ['SUPPORT'] as PanelRole[] };

async function asAdmin(method: 'PUT' | 'DELETE', url: string, token: string) {
  return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(method === 'PUT' ? { payload: update } : {}) });
}

async function stored(username: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  return row;
}

/** Signs in as the ADMIN through the embedded pages; `extra` goes on the authorization request. */
async function signIn(browser: SignInDriver, extra: Record<string, string> = {}) {
  await browser.start(extra);
  await browser.submit({ username: 'admin@alpha', password: testPassword });
  // A code counts once per 30-second step: these tests sign in twice within one.
  await t.database.db.update(users).set({ totpLastStep: null }).where(eq(users.username, 'admin@alpha'));
  return browser.exchange(await browser.submit({ code: await currentTotpCode(adminSecret) }));
}

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  adminSecret = (await createActiveUser(t.database.db, t.config, { username: 'admin@alpha', roles: ['ADMIN'] })).secret ?? '';
  await createActiveUser(t.database.db, t.config, { username: 'sam@alpha', email: 'sam@mail.example' });
});
afterAll(async () => t?.close());

describe('routes that need a recent sign-in', () => {
  const minutes = 60;
  const routes = [
    ['PUT', path('sam@alpha')],
    ['DELETE', path('sam@alpha', '/totp')],
  ] as const;

  it.each(routes)('%s %s refuses a sign-in older than 15 minutes with 403 error.recentSignInRequired, and changes nothing', async (method, url) => {
    const token = await t.tokenFor({ username: 'admin@alpha', roles: ['ADMIN'], signedInSecondsAgo: 16 * minutes });
    const res = await asAdmin(method, url, token);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ messages: { messageKey: string }[] }>().messages.map((m) => m.messageKey)).toEqual(['error.recentSignInRequired']);
    const row = await stored('sam@alpha');
    expect(row?.email).toBe('sam@mail.example');
    expect(row?.totpSecretEncrypted).not.toBeNull();
    expect(await t.newMail()).toEqual([]);
  });

  it.each(routes)('%s %s refuses a token that does not say when the user signed in', async (method, url) => {
    const token = await t.tokenFor({ username: 'admin@alpha', roles: ['ADMIN'], signedInSecondsAgo: null });
    expect((await asAdmin(method, url, token)).statusCode).toBe(403);
  });

  it('lets a sign-in of 14 minutes ago through', async () => {
    const token = await t.tokenFor({ username: 'admin@alpha', roles: ['ADMIN'], signedInSecondsAgo: 14 * minutes });
    expect((await asAdmin('PUT', path('sam@alpha'), token)).statusCode).toBe(200);
    expect((await stored('sam@alpha'))?.email).toBe(update.email);
  });

  it('takes its window from RECENT_AUTHENTICATION_MINUTES', async () => {
    const config = loadConfig({
      DATA_DIR: '/nonexistent',
      PUBLIC_URL: 'http://portal.test',
      WEB_SOURCE_MAPS: 'false',
      DEMO_MODE: 'true',
      RECENT_AUTHENTICATION_MINUTES: '5',
    });
    expect(config.identity.recentAuthenticationSeconds).toBe(300);
    expect(() => loadConfig({ DATA_DIR: '/nonexistent', DEMO_MODE: 'true', RECENT_AUTHENTICATION_MINUTES: '0' })).toThrow(/RECENT_AUTHENTICATION_MINUTES/);
    const short = await createTestApp({ identity: { ...t.config.identity, recentAuthenticationSeconds: 300 } });
    try {
      await createRegistrar(short.database.db, { handle: 'alpha' });
      await createActiveUser(short.database.db, short.config, { username: 'sam@alpha' });
      const sixMinutes = await short.tokenFor({ username: 'admin@alpha', roles: ['ADMIN'], signedInSecondsAgo: 6 * minutes });
      const fourMinutes = await short.tokenFor({ username: 'admin@alpha', roles: ['ADMIN'], signedInSecondsAgo: 4 * minutes });
      const reset = (token: string) => short.app.inject({ method: 'DELETE', url: path('sam@alpha', '/totp'), headers: { authorization: `Bearer ${token}` } });
      expect((await reset(sixMinutes)).statusCode).toBe(403);
      expect((await reset(fourMinutes)).statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });
});

describe("the embedded identity service's auth_time", () => {
  it('is in the access token from sign-in, kept through refreshes, and renewed by a max_age sign-in', async () => {
    const browser = new SignInDriver(t.app, t.config, '203.0.113.77');
    const first = await signIn(browser);
    const signedInAt = decodeJwt(first.access_token).auth_time;
    expect(typeof signedInAt).toBe('number');
    expect(Math.abs(Number(signedInAt) - Date.now() / 1000)).toBeLessThan(10);
    // The API lets the fresh sign-in through.
    expect((await asAdmin('DELETE', path('sam@alpha', '/totp'), first.access_token)).statusCode).toBe(200);

    const refreshed = (await browser.refresh(first.refresh_token)).json<{ access_token: string }>();
    expect(decodeJwt(refreshed.access_token).auth_time).toBe(signedInAt);

    // With its session still open, a max_age=0 request asks for the password (and the code) again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await signIn(browser, { max_age: '0', login_hint: 'admin@alpha' });
    expect(Number(decodeJwt(again.access_token).auth_time)).toBeGreaterThan(Number(signedInAt));
  });
});
