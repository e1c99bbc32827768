import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcModels, registrars } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SignInDriver, type Tokens } from '../testing/sign-in-driver';
import { createActiveUser, testPassword } from '../testing/users';
import { currentTotpCode } from '../sign-in/totp';

/*
 * A registrar the registry blocks (or deletes) while its users are signed in: the API refuses
 * their tokens, and the identity service must stop issuing them. Each use of the session that
 * would yield a token or the user's data (refresh, silent sign-in, userinfo, an API request) is
 * refused and ends the session. The status is changed in the database, as the registry's feed does.
 */
let t: TestApp;
let userinfoPath = '';
let serial = 0;
beforeAll(async () => {
  t = await createTestApp();
  const discovery = await t.app.inject({ url: '/auth/realms/registrar-panel/.well-known/openid-configuration', headers: { host: 'portal.test' } });
  userinfoPath = new URL(discovery.json<{ userinfo_endpoint: string }>().userinfo_endpoint).pathname;
});
afterAll(async () => t.close());

/** A user of a registrar of its own, signed in while the registrar is ACTIVE. */
async function signedIn(): Promise<{ username: string; handle: string; browser: SignInDriver; tokens: Tokens }> {
  const handle = `blk${++serial}`;
  await createRegistrar(t.database.db, { handle, status: 'ACTIVE' });
  const username = `tess@${handle}`;
  const { secret } = await createActiveUser(t.database.db, t.config, { username, roles: ['TECH'] });
  const browser = new SignInDriver(t.app, t.config);
  await browser.start();
  await browser.submit({ username, password: testPassword });
  const tokens = await browser.exchange(await browser.submit({ code: await currentTotpCode(secret ?? '') }));
  return { username, handle, browser, tokens };
}

/** As the feed changes it, then the API's cache is told (the NOTIFY's trip) before the next request. */
async function setStatus(handle: string, status: string) {
  await t.database.db.update(registrars).set({ status }).where(eq(registrars.handle, handle));
  await t.app.changeNotices.caughtUp();
}

/** The provider's rows (session, grant, refresh tokens) that name the user's account. */
async function providerRowsOf(username: string): Promise<number> {
  const id = (await t.app.userDirectory.findUser(username))?.id ?? '';
  const grants = t.database.db
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(and(eq(oidcModels.model, 'Grant'), sql`${oidcModels.payload}->>'accountId' = ${id}`));
  const rows = await t.database.db
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(sql`${oidcModels.payload}->>'accountId' = ${id} OR ${oidcModels.grantId} IN (${grants})`);
  return rows.length;
}

const userinfo = (token: string) => t.app.inject({ url: userinfoPath, headers: { host: 'portal.test', authorization: `Bearer ${token}` } });
const api = (token: string) => t.app.inject({ url: '/services/registrar', headers: { authorization: `Bearer ${token}` } });

describe.each(['BLOCKED', 'DELETED'])('a %s registrar: its users’ sessions end', (status) => {
  it('refuses the refresh and ends the session: no silent sign-in afterwards', async () => {
    const { username, handle, browser, tokens } = await signedIn();
    expect(await providerRowsOf(username)).toBeGreaterThan(0);
    await setStatus(handle, status);

    expect((await browser.refresh(tokens.refresh_token)).statusCode).toBe(400);
    expect(await providerRowsOf(username)).toBe(0);
    // The browser's next visit to the portal finds no session: the sign-in page, where the password is refused.
    expect(await browser.start()).not.toMatch(/^http:\/\/portal\.test\/\?code=/);
    expect(browser.page).toContain('>Username</label>');
  });

  it('gives no tokens by silent sign-in (the session cookie) and ends the session', async () => {
    const { username, handle, browser, tokens } = await signedIn();
    await setStatus(handle, status);

    const landed = await browser.start();
    expect(landed).not.toMatch(/^http:\/\/portal\.test\/\?code=/);
    expect(browser.page).toContain('>Username</label>');
    expect(await providerRowsOf(username)).toBe(0);
    expect((await browser.refresh(tokens.refresh_token)).statusCode).toBe(400);
  });

  it('answers userinfo with invalid_token and ends the session', async () => {
    const { username, handle, browser, tokens } = await signedIn();
    expect((await userinfo(tokens.access_token)).statusCode).toBe(200);
    await setStatus(handle, status);

    const refused = await userinfo(tokens.access_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.body).not.toContain(username);
    expect(await providerRowsOf(username)).toBe(0);
    expect((await browser.refresh(tokens.refresh_token)).statusCode).toBe(400);
  });

  it('ends the session at its next API request, which is refused', async () => {
    const { username, handle, browser, tokens } = await signedIn();
    expect((await api(tokens.access_token)).statusCode).toBe(200);
    await setStatus(handle, status);

    const refused = await api(tokens.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ messages: { messageKey: string }[] }>().messages[0]?.messageKey).toBe('registrar.accessBlocked');
    expect(await providerRowsOf(username)).toBe(0);
    expect((await browser.refresh(tokens.refresh_token)).statusCode).toBe(400);
    expect(await browser.start()).not.toMatch(/^http:\/\/portal\.test\/\?code=/);
  });
});

describe('a registrar active again', () => {
  it('lets its users sign in again; sessions of other registrars were never touched', async () => {
    const blocked = await signedIn();
    const other = await signedIn();
    await setStatus(blocked.handle, 'BLOCKED');
    expect((await blocked.browser.refresh(blocked.tokens.refresh_token)).statusCode).toBe(400);
    expect((await other.browser.refresh(other.tokens.refresh_token)).statusCode).toBe(200);

    await setStatus(blocked.handle, 'ACTIVE');
    await blocked.browser.start();
    expect(blocked.browser.page).toContain('>Username</label>');
    // SUSPENDED users keep their sessions: they still read.
    await setStatus(other.handle, 'SUSPENDED');
    expect(await other.browser.start()).toMatch(/^http:\/\/portal\.test\/\?code=/);
  });
});
