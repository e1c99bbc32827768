import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcModels } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sessionPolicy, sessionSecondsLeft } from '../../lib/session-policy';
import { createActiveUser, testPassword } from '../testing/users';
import { SignInDriver, type Tokens } from '../testing/sign-in-driver';
import { currentTotpCode } from '../sign-in/totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
});
afterAll(async () => t.close());

/** Signs a new user in; each sign-in uses its own user, so codes never collide. */
async function signedIn(username: string): Promise<{ browser: SignInDriver; tokens: Tokens }> {
  const { secret } = await createActiveUser(t.database.db, t.config, { username });
  const browser = new SignInDriver(t.app, t.config);
  await browser.start();
  await browser.submit({ username, password: testPassword });
  const callback = await browser.submit({ code: await currentTotpCode(secret ?? '') });
  return { browser, tokens: await browser.exchange(callback) };
}

/** The identity session of a user; sessions name the account by its subject id. */
const sessionRow = async (username: string) => {
  const id = (await t.app.userDirectory.findUser(username))?.id;
  const rows = await t.database.db.select().from(oidcModels).where(eq(oidcModels.model, 'Session'));
  return rows.find((row) => id !== undefined && row.payload.accountId === id);
};
const minutesFromNow = (date: Date | null | undefined) => ((date?.getTime() ?? 0) - Date.now()) / 60_000;

describe('tokens and refresh', () => {
  it('gives 5-minute access tokens and a refresh token that rotates and works once', async () => {
    const { browser, tokens } = await signedIn('sara@alpha');
    expect(tokens.expires_in).toBe(300);
    const refreshed = await browser.refresh(tokens.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json<Tokens>();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(next.access_token)).toMatchObject({ preferred_username: 'sara@alpha', realm_access: { roles: ['support'] } });
    // A refresh token used twice is a stolen one: the whole grant goes.
    expect((await browser.refresh(tokens.refresh_token)).statusCode).toBe(400);
    expect((await browser.refresh(next.refresh_token)).statusCode).toBe(400);
  });

  it('reads name and email afresh at each refresh (a change of roles ends the session instead)', async () => {
    const { browser, tokens } = await signedIn('tina@alpha');
    await t.app.userDirectory.updateUser(
      'tina@alpha',
      { name: 'Tina Maria Turner', email: 'tina@new.example', roles: ['SUPPORT'] },
      { username: 'admin@alpha', name: 'Ada Admin', email: 'ada@mail.example' },
    );
    const next = (await browser.refresh(tokens.refresh_token)).json<Tokens>();
    expect(decodeJwt(next.access_token)).toMatchObject({
      given_name: 'Tina',
      family_name: 'Maria Turner',
      email: 'tina@new.example',
      realm_access: { roles: ['support'] },
    });
  });

  it('stops refreshing once the user is deleted', async () => {
    const { browser, tokens } = await signedIn('uwe@alpha');
    await t.app.userDirectory.deleteUser('uwe@alpha');
    expect((await browser.refresh(tokens.refresh_token)).statusCode).toBe(400);
  });
});

describe('session limits', () => {
  it('ends after 30 idle minutes; a refresh restarts the idle clock', async () => {
    const { browser, tokens } = await signedIn('vera@alpha');
    const row = await sessionRow('vera@alpha');
    expect(minutesFromNow(row?.expiresAt)).toBeGreaterThan(29);
    expect(minutesFromNow(row?.expiresAt)).toBeLessThanOrEqual(30);

    // 29 minutes later: the refresh still works and the session has 30 minutes again.
    await t.database.db
      .update(oidcModels)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(and(eq(oidcModels.model, 'Session'), eq(oidcModels.id, row?.id ?? '')));
    const refreshed = await browser.refresh(tokens.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    expect(minutesFromNow((await sessionRow('vera@alpha'))?.expiresAt)).toBeGreaterThan(29);

    // 30 idle minutes: the session is gone and its refresh token with it.
    await t.database.db
      .update(oidcModels)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcModels.model, 'Session'));
    expect((await browser.refresh(refreshed.json<Tokens>().refresh_token)).statusCode).toBe(400);
  });

  it('never lasts more than 10 hours after sign-in, however active', () => {
    const now = 1_000_000;
    expect(sessionSecondsLeft(now, now)).toBe(sessionPolicy.idleSeconds);
    expect(sessionSecondsLeft(now - 9.5 * 3600, now)).toBe(30 * 60);
    expect(sessionSecondsLeft(now - 9.75 * 3600, now)).toBe(15 * 60);
    expect(sessionSecondsLeft(now - 10 * 3600, now)).toBe(1);
    expect(sessionPolicy).toEqual({ accessTokenSeconds: 300, idleSeconds: 1800, maxSeconds: 36000 });
  });
});

describe('logout', () => {
  it('revokes the refresh token and ends the identity session, then the sign-in page shows again', async () => {
    const { browser, tokens } = await signedIn('walt@alpha');
    const base = `${new URL(browser.issuer).pathname}/protocol/openid-connect`;
    const revoke = await browser.request('POST', `${base}/revoke`, {
      token: tokens.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: 'registrar-panel-web',
    });
    expect(revoke.statusCode).toBe(200);
    expect((await browser.refresh(tokens.refresh_token)).statusCode).toBe(400);

    const logout = await browser.request(
      'GET',
      `${base}/logout?${new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: 'http://portal.test/', client_id: 'registrar-panel-web' }).toString()}`,
    );
    expect(logout.statusCode).toBe(200);
    expect(logout.body).toContain('src="/auth/realms/registrar-panel/resources/logout.js"');
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(logout.body)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(logout.body)?.[1] ?? '';
    const confirmed = await browser.request('POST', action, { xsrf, logout: 'yes' });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('http://portal.test/');
    expect(await sessionRow('walt@alpha')).toBeUndefined();

    await browser.start();
    expect(browser.page).toContain('>Username</label>');
  });

  it('stores nothing for a logout without a signed-in session, and still sends the portal back', async () => {
    const sessions = async () => (await t.database.db.select({ id: oidcModels.id }).from(oidcModels).where(eq(oidcModels.model, 'Session'))).length;
    const before = await sessions();
    const logout = (query: Record<string, string>, method: 'GET' | 'POST' = 'GET') =>
      t.app.inject({
        method,
        url: `/auth/realms/registrar-panel/protocol/openid-connect/logout${method === 'GET' ? `?${new URLSearchParams(query).toString()}` : ''}`,
        headers: { host: 'portal.test', ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(method === 'POST' ? { payload: new URLSearchParams(query).toString() } : {}),
        remoteAddress: '198.51.100.7',
      });
    const portal = { post_logout_redirect_uri: 'http://portal.test/', client_id: 'registrar-panel-web' };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => logout({ ...portal, state: `s${i}` }, i % 2 ? 'POST' : 'GET')));
    for (const [i, answer] of answers.entries()) {
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe(`http://portal.test/?state=s${i}`);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    // Without the portal's address: the logged-out page, with the way back; the path however written.
    const bare = await logout({});
    const otherwise = await t.app.inject({ url: '/auth/realms/registrar-panel/PROTOCOL/OpenID-Connect/LOGOUT/', headers: { host: 'portal.test' } });
    expect(otherwise.body).toContain('You are logged out');
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toContain('You are logged out');
    expect(bare.headers['cache-control']).toBe('no-store');
    expect(await sessions()).toBe(before);
  });

  it('keeps a signed-in browser signed in without the sign-in page (single sign-on) until then', async () => {
    const { browser } = await signedIn('xena@alpha');
    expect(await browser.start()).toMatch(/^http:\/\/portal\.test\/\?code=/);
  });
});
