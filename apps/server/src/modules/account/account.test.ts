import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAccount, MySession } from '@registrar-panel/contract';
import { auditEvents, users } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { currentTotpCode } from '../../identity/sign-in/totp';
import { SignInDriver, type Tokens } from '../../identity/testing/sign-in-driver';
import { createActiveUser, testPassword } from '../../identity/testing/users';

/*
 * My account against the embedded identity service, with real sign-ins: each SignInDriver is a
 * browser with its own session at the provider.
 */
let t: TestApp;
const secrets = new Map<string, string | null>();
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeAll(async () => {
  t = await createTestApp();
  for (const handle of ['alpha', 'beta']) await createRegistrar(t.database.db, { handle });
  for (const username of ['lena@alpha', 'otto@alpha', 'pia@alpha', 'rik@alpha', 'jan@beta'])
    secrets.set(username, (await createActiveUser(t.database.db, t.config, { username, roles: ['FINANCE'] })).secret);
});
afterAll(async () => t?.close());

interface Browser {
  driver: SignInDriver;
  tokens: Tokens;
  userAgent: string;
}

// Each sign-in from an address of its own: the identity service limits sign-in starts per address.
let signIns = 0;

async function signIn(username: string, userAgent = firefox, password = testPassword): Promise<Browser> {
  const driver = new SignInDriver(t.app, t.config, `198.51.100.${++signIns}`);
  await driver.start();
  await driver.submit({ username, password });
  // A code is taken once per time step: a second sign-in within the same 30 seconds may use it again here.
  await t.database.db.update(users).set({ totpLastStep: null }).where(eq(users.username, username));
  const tokens = await driver.exchange(await driver.submit({ code: await currentTotpCode(secrets.get(username) ?? '') }));
  return { driver, tokens, userAgent };
}

function api(browser: Browser, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: object) {
  return t.app.inject({
    method,
    url: `/services${url}`,
    remoteAddress: '203.0.113.10',
    headers: { authorization: `Bearer ${browser.tokens.access_token}`, 'user-agent': browser.userAgent },
    ...(body ? { payload: body } : {}),
  });
}

const sessionsOf = async (browser: Browser) => (await api(browser, 'GET', '/me/sessions')).json<{ data: { sessions: MySession[] } }>().data.sessions;
const auditsOf = (username: string, action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.username, username), eq(auditEvents.action, action)));

describe('My account: the account', () => {
  it('shows name, email, username and language as the directory holds them', async () => {
    const lena = await signIn('lena@alpha');
    const res = await api(lena, 'GET', '/me/account');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: MyAccount }>().data).toEqual({
      username: 'lena@alpha',
      name: 'Test User',
      email: 'lena.alpha@mail.example',
      language: null,
      hasTotp: true,
      credentialsAt: 'portal',
    });
  });
});

describe('My account: sessions', () => {
  it('lists both browsers of a user, this one first, with their browser, system and address, and never the raw header', async () => {
    const here = await signIn('otto@alpha', firefox);
    const there = await signIn('otto@alpha', chrome);
    await api(there, 'GET', '/me/account');
    const sessions = await sessionsOf(here);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true, browser: 'Firefox 133', os: 'Linux', address: '203.0.113.10' });
    expect(sessions[1]).toMatchObject({ current: false, browser: 'Chrome 131', os: 'Windows' });
    expect(JSON.stringify(sessions)).not.toContain('Mozilla');
  });

  it('ends another session: its next request is refused, its refresh fails, and it is mailed and recorded', async () => {
    const here = await signIn('pia@alpha', firefox);
    const there = await signIn('pia@alpha', chrome);
    expect((await api(there, 'GET', '/me/account')).statusCode).toBe(200);
    const other = (await sessionsOf(here)).find((session) => !session.current);
    await t.newMail();
    const res = await api(here, 'DELETE', `/me/sessions/${encodeURIComponent(other?.id ?? '')}`);
    expect(res.statusCode).toBe(200);

    expect((await api(there, 'GET', '/me/account')).statusCode).toBe(401);
    expect((await there.driver.refresh(there.tokens.refresh_token)).statusCode).toBe(400);
    // This browser goes on.
    expect((await api(here, 'GET', '/me/account')).statusCode).toBe(200);
    expect((await here.driver.refresh(here.tokens.refresh_token)).statusCode).toBe(200);
    expect(await sessionsOf(here)).toHaveLength(1);

    expect(await auditsOf('pia@alpha', 'account.session.end')).toEqual([
      expect.objectContaining({ registrarHandle: 'alpha', details: { browser: 'Chrome 131', os: 'Windows', address: '203.0.113.10' } }),
    ]);
    const mails = await t.newMail();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([['pia.alpha@mail.example', 'A .be registrar panel session was signed out']]);
    expect(mails[0]?.text).toContain('Chrome 131, Windows');
  });

  it('ends a session once when asked twice at the same moment', async () => {
    const here = await signIn('rik@alpha', firefox);
    const there = await signIn('rik@alpha', chrome);
    await api(there, 'GET', '/me/account');
    const other = (await sessionsOf(here)).find((session) => !session.current)?.id ?? '';
    const answers = await Promise.all(Array.from({ length: 5 }, () => api(here, 'DELETE', `/me/sessions/${encodeURIComponent(other)}`)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 404, 404, 404, 404]);
    expect(await auditsOf('rik@alpha', 'account.session.end')).toHaveLength(1);
  });

  it("cannot end another user's session, nor another registrar's, nor its own", async () => {
    const lena = await signIn('lena@alpha');
    const otto = await signIn('otto@alpha');
    const jan = await signIn('jan@beta');
    await api(otto, 'GET', '/me/account');
    await api(jan, 'GET', '/me/account');
    const ottoSession = (await sessionsOf(otto)).find((s) => s.current)?.id ?? '';
    const janSession = (await sessionsOf(jan)).find((s) => s.current)?.id ?? '';
    for (const id of [ottoSession, janSession, 'no-such-session']) {
      const res = await api(lena, 'DELETE', `/me/sessions/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(404);
    }
    // They are not listed to Lena either, and they go on.
    expect((await sessionsOf(lena)).map((s) => s.id)).not.toContain(ottoSession);
    expect((await api(otto, 'GET', '/me/account')).statusCode).toBe(200);
    expect((await api(jan, 'GET', '/me/account')).statusCode).toBe(200);
    const own = (await sessionsOf(lena)).find((s) => s.current)?.id ?? '';
    const res = await api(lena, 'DELETE', `/me/sessions/${encodeURIComponent(own)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ messages: { messageKey: string }[] }>().messages[0]?.messageKey).toBe('account.session.current');
  });

  it('signs out everywhere else, also a session that made no request yet, and keeps this one', async () => {
    await createActiveUser(t.database.db, t.config, { username: 'ada@alpha', roles: ['TECH'] }).then((user) => secrets.set('ada@alpha', user.secret));
    const here = await signIn('ada@alpha', firefox);
    const used = await signIn('ada@alpha', chrome);
    await api(used, 'GET', '/me/account');
    const unused = await signIn('ada@alpha', chrome);
    const res = await api(here, 'DELETE', '/me/sessions');
    expect(res.json(), res.body).toMatchObject({ data: { ended: 2 } });
    for (const browser of [used, unused]) {
      expect((await api(browser, 'GET', '/me/account')).statusCode).toBe(401);
      expect((await browser.driver.refresh(browser.tokens.refresh_token)).statusCode).toBe(400);
    }
    expect((await api(here, 'GET', '/me/account')).statusCode).toBe(200);
    expect(await auditsOf('ada@alpha', 'account.sessions.endOthers')).toEqual([expect.objectContaining({ details: { sessionsEnded: 2 } })]);
  });

  it('needs a recent sign-in to end sessions', async () => {
    const token = await t.tokenFor({ username: 'lena@alpha', roles: ['FINANCE'], signedInSecondsAgo: 3600 });
    for (const [method, url] of [
      ['DELETE', '/services/me/sessions'],
      ['DELETE', '/services/me/sessions/x'],
      ['PUT', '/services/me/password'],
      ['POST', '/services/me/totp'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: {} });
      expect(res.statusCode, url).toBe(403);
      expect(res.json<{ messages: { messageKey: string }[] }>().messages[0]?.messageKey).toBe('error.recentSignInRequired');
    }
  });
});

describe('My account: password', () => {
  const next = 'a quiet harbour at dawn';

  it('refuses a wrong current password and counts it as the sign-in does', async () => {
    await createActiveUser(t.database.db, t.config, { username: 'bo@alpha', roles: ['TECH'] }).then((user) => secrets.set('bo@alpha', user.secret));
    const bo = await signIn('bo@alpha');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await api(bo, 'PUT', '/me/password', { currentPassword: 'not my password', newPassword: next }));
    const wrong: unknown = expect.objectContaining({ messageKey: 'account.password.wrong', field: 'currentPassword' });
    expect(answers.slice(0, 4).map((res) => res.json<{ messages: { messageKey: string; field?: string }[] }>().messages[0])).toEqual([
      wrong,
      wrong,
      wrong,
      wrong,
    ]);
    // The fifth locks, as at sign-in; then even the right one waits.
    expect(answers.slice(4).map((res) => res.statusCode)).toEqual([429, 429]);
    expect((await api(bo, 'PUT', '/me/password', { currentPassword: testPassword, newPassword: next })).statusCode).toBe(429);
    expect(await auditsOf('bo@alpha', 'account.password.change')).toEqual([]);
  });

  it('refuses an unsafe new password, and one too short', async () => {
    const lena = await signIn('lena@alpha');
    for (const newPassword of ['password1234', 'lena@alpha is here', testPassword]) {
      const res = await api(lena, 'PUT', '/me/password', { currentPassword: testPassword, newPassword });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json<{ messages: { messageKey: string }[] }>().messages[0]?.messageKey).toBe('unsafe.password');
    }
    const short = await api(lena, 'PUT', '/me/password', { currentPassword: testPassword, newPassword: 'short' });
    expect(short.json<{ messages: { messageKey: string }[] }>().messages[0]?.messageKey).toBe('validation.accountPasswordLength');
  });

  it('changes it: the new one signs in, the other sessions end, and it is mailed and recorded without the password', async () => {
    await createActiveUser(t.database.db, t.config, { username: 'cas@alpha', roles: ['TECH'] }).then((user) => secrets.set('cas@alpha', user.secret));
    const here = await signIn('cas@alpha');
    const there = await signIn('cas@alpha', chrome);
    await api(there, 'GET', '/me/account');
    await t.newMail();
    const res = await api(here, 'PUT', '/me/password', { currentPassword: testPassword, newPassword: next });
    expect(res.statusCode).toBe(200);
    expect((await api(there, 'GET', '/me/account')).statusCode).toBe(401);
    expect((await api(here, 'GET', '/me/account')).statusCode).toBe(200);
    const again = await signIn('cas@alpha', firefox, next);
    expect((await api(again, 'GET', '/me/account')).statusCode).toBe(200);
    const audits = await auditsOf('cas@alpha', 'account.password.change');
    expect(audits).toEqual([expect.objectContaining({ details: { sessionsEnded: 1 } })]);
    // The sign-in with the new password from a new address is told too.
    const mails = await t.newMail();
    expect(mails.map((mail) => mail.subject)).toEqual(['Your .be registrar panel password was changed', 'New sign-in to your .be registrar panel account']);
    expect(JSON.stringify([audits, mails])).not.toContain(next);
  });
});

describe('My account: a new authenticator', () => {
  it('replaces the secret only once a code of the new one confirms it', async () => {
    await createActiveUser(t.database.db, t.config, { username: 'dirk@alpha', roles: ['TECH'] }).then((user) => secrets.set('dirk@alpha', user.secret));
    const dirk = await signIn('dirk@alpha');
    const started = await api(dirk, 'POST', '/me/totp');
    expect(started.statusCode).toBe(200);
    const { secret, enrolment, otpauthUri, qrDataUrl } = started.json<{ data: { secret: string; enrolment: string; otpauthUri: string; qrDataUrl: string } }>()
      .data;
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // A wrong code, or an enrolment tampered with, changes nothing.
    const wrong = await api(dirk, 'PUT', '/me/totp', { enrolment, code: '000000' });
    expect(wrong.json<{ messages: { messageKey: string }[] }>().messages[0]?.messageKey).toBe('account.totp.wrongCode');
    const tampered = await api(dirk, 'PUT', '/me/totp', { enrolment: `${enrolment.slice(0, -2)}AA`, code: await currentTotpCode(secret) });
    expect(tampered.json<{ messages: { messageKey: string }[] }>().messages[0]?.messageKey).toBe('account.totp.enrolmentExpired');
    // Another user cannot use it.
    const lena = await signIn('lena@alpha');
    expect((await api(lena, 'PUT', '/me/totp', { enrolment, code: await currentTotpCode(secret) })).statusCode).toBe(400);

    await t.newMail();
    expect((await api(dirk, 'PUT', '/me/totp', { enrolment, code: await currentTotpCode(secret) })).statusCode).toBe(200);
    secrets.set('dirk@alpha', secret);
    await signIn('dirk@alpha');
    expect(await auditsOf('dirk@alpha', 'account.totp.change')).toHaveLength(1);
    expect((await t.newMail()).map((mail) => mail.subject)).toContain('Your .be registrar panel authenticator was replaced');
  });
});
