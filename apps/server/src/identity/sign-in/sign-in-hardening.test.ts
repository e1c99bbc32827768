import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRateLimits } from '../../lib/rate-limit-policy';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInTexts } from './interaction-helpers';
import { createActiveUser, testPassword } from '../testing/users';
import { SignInDriver, type Tokens } from '../testing/sign-in-driver';
import { currentTotpCode } from './totp';

/*
 * The sign-in under attack, over a real listening server with real parallel requests: a burst of
 * guesses, letter-case variants, a busy password checker; and what ends a user's sessions.
 * The per-address limits are off here (configuration, not a bypass), so that the lockout itself
 * is what the bursts meet; rate-limits tests cover those limits.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { ...loadRateLimits({}), signInPerIp: null, signInPerAccount: null, servicesPerIp: null, servicesPerUser: null },
    // Every guess of a burst waits for its password check here; the busy answer has its own test.
    passwordWork: { maxRunning: 2, maxWaiting: 100 },
  });
  await createRegistrar(t.database.db, { handle: 'alpha' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

const refused = signInTexts.refused;
const lockedOneMinute = signInTexts.locked(60);
const alertOf = (page: string) => /id="form-error">([^<]*)<\/div>/.exec(page)?.[1];

/** Posts the password form of one sign-in page `count` times at once, over HTTP; the pages' alerts. */
async function passwordBurst(username: string, passwords: readonly string[]): Promise<(string | undefined)[]> {
  const browser = new SignInDriver(t.app, t.config);
  await browser.start();
  const action = browser.formAction();
  const cookie = browser.jar.headerFor(action);
  const answers = await Promise.all(
    passwords.map(async (password) => {
      const response = await fetch(`${base}${action}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password }).toString(),
        redirect: 'manual',
      });
      return { status: response.status, body: await response.text() };
    }),
  );
  expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
  return answers.map((a) => (a.status === 303 ? 'accepted' : alertOf(a.body)));
}

/** One password post from `ip` (as the socket's address), through the sign-in pages. */
async function passwordFrom(username: string, password: string, ip: string): Promise<string | undefined> {
  const browser = new SignInDriver(t.app, t.config, ip);
  await browser.start();
  await browser.submit({ username, password });
  return browser.page.includes('>One-time code</label>') ? 'accepted' : alertOf(browser.page);
}

const tally = (answers: readonly (string | undefined)[]) =>
  answers.reduce<Record<string, number>>((counts, answer) => ({ ...counts, [answer ?? 'none']: (counts[answer ?? 'none'] ?? 0) + 1 }), {});

async function signedIn(username: string, roles: ('SUPPORT' | 'TECH')[] = ['SUPPORT']): Promise<{ browser: SignInDriver; tokens: Tokens }> {
  const { secret } = await createActiveUser(t.database.db, t.config, { username, roles });
  const browser = new SignInDriver(t.app, t.config);
  await browser.start();
  await browser.submit({ username, password: testPassword });
  const callback = await browser.submit({ code: await currentTotpCode(secret ?? '') });
  return { browser, tokens: await browser.exchange(callback) };
}

const asAdmin = async (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await t.tokenFor({ username: 'admin@alpha', roles: ['ADMIN'] })}` },
    ...(payload ? { payload } : {}),
  });

describe('a burst of guesses', () => {
  it('locks an account at the fifth of 50 parallel wrong passwords; then even the right one waits', async () => {
    await createActiveUser(t.database.db, t.config, { username: 'burst@alpha' });
    const answers = await passwordBurst(
      'burst@alpha',
      Array.from({ length: 50 }, (_, i) => `wrong ${i}`),
    );
    expect(tally(answers)).toEqual({ [refused]: 4, [lockedOneMinute]: 46 });
    expect(await passwordBurst('burst@alpha', [testPassword])).toEqual([lockedOneMinute]);
  });

  it('answers a burst on an unknown username exactly as on a real account', async () => {
    const answers = await passwordBurst(
      'nobody-here@alpha',
      Array.from({ length: 50 }, (_, i) => `wrong ${i}`),
    );
    expect(tally(answers)).toEqual({ [refused]: 4, [lockedOneMinute]: 46 });
  });

  it('counts letter-case variants as one account, for a real username and an unknown one alike', async () => {
    await createActiveUser(t.database.db, t.config, { username: 'bfcase@alpha' });
    const variants = ['BFCASE@alpha', 'BfCase@ALPHA', 'bfcase@Alpha', ' bFcAsE@alpha ', 'BFCase@alpha', 'bfcasE@alpha'];
    const real: (string | undefined)[] = [];
    const unknown: (string | undefined)[] = [];
    for (const variant of variants) {
      real.push(...(await passwordBurst(variant, ['wrong'])));
      unknown.push(
        ...(await passwordBurst(
          variant.replace(/bfcase/i, (m) => `${m}x`),
          ['wrong'],
        )),
      );
    }
    expect(real).toEqual([refused, refused, refused, refused, lockedOneMinute, lockedOneMinute]);
    expect(unknown).toEqual(real);
  });

  it("never takes a non-ASCII look-alike for the account ('İ' is not 'i', whatever the server's locale)", async () => {
    await createActiveUser(t.database.db, t.config, { username: 'ilse@alpha' });
    for (let i = 1; i <= 5; i++) await passwordFrom('ilse@alpha', `guess ${i}`, '198.51.100.70');
    // A real account found through 'İLSE' would answer with its lock; an unknown name does not.
    expect(await passwordFrom('İLSE@alpha', 'guess', '198.51.100.70')).toBe(refused);
    expect(await passwordFrom('İLSE@alpha', testPassword, '198.51.100.71')).toBe(refused);
  });

  it("one address's guesses lock the account for that address only; the owner signs in from elsewhere", async () => {
    const { secret } = await createActiveUser(t.database.db, t.config, { username: 'owner@alpha' });
    for (let i = 1; i <= 6; i++) await passwordFrom('owner@alpha', `guess ${i}`, '198.51.100.66');
    expect(await passwordFrom('owner@alpha', testPassword, '198.51.100.66')).toBe(lockedOneMinute);
    const owner = new SignInDriver(t.app, t.config, '192.0.2.44');
    await owner.start();
    await owner.submit({ username: 'owner@alpha', password: testPassword });
    expect(await owner.submit({ code: await currentTotpCode(secret ?? '') })).toMatch(/\?code=/);
  });

  it('locks the account from everywhere after 20 failures spread over many addresses', async () => {
    await createActiveUser(t.database.db, t.config, { username: 'spread@alpha' });
    const answers: (string | undefined)[] = [];
    for (let address = 1; address <= 5; address++) {
      for (let i = 1; i <= 4; i++) answers.push(await passwordFrom('spread@alpha', `guess ${i}`, `198.51.100.${address}`));
    }
    expect(answers.slice(0, 19)).toEqual(Array(19).fill(refused));
    expect(answers[19]).toBe(lockedOneMinute);
    expect(await passwordFrom('spread@alpha', testPassword, '203.0.113.99')).toBe(lockedOneMinute);
    // An unknown username, spread the same way, answers the same.
    const unknown: (string | undefined)[] = [];
    for (let address = 1; address <= 5; address++) {
      for (let i = 1; i <= 4; i++) unknown.push(await passwordFrom('spread-nobody@alpha', `guess ${i}`, `198.51.100.${address}`));
    }
    expect(unknown).toEqual(answers);
  });

  it('answers 503 with Retry-After, never 500, when more passwords arrive than it may check at once', async () => {
    const busy = await createTestApp({ passwordWork: { maxRunning: 1, maxWaiting: 1 }, rateLimits: t.config.rateLimits });
    try {
      const url = await busy.app.listen({ port: 0, host: '127.0.0.1' });
      const browser = new SignInDriver(busy.app, busy.config);
      await browser.start();
      const action = browser.formAction();
      const cookie = browser.jar.headerFor(action);
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          fetch(`${url}${action}`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ username: `flood${i}@alpha`, password: 'guess' }).toString(),
          }),
        ),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      const turnedAway = responses.find((r) => r.status === 503);
      expect(turnedAway?.headers.get('retry-after')).toBe('1');
      expect(alertOf(await (turnedAway as Response).text())).toBe(signInTexts.busy);
    } finally {
      await busy.close();
    }
  });
});

describe('usernames in any letter case', () => {
  it('creates one of ten parallel users whose usernames differ only in letter case', async () => {
    const token = await t.tokenFor({ username: 'admin@alpha', roles: ['ADMIN'] });
    const names = ['Case', 'case', 'CASE', 'cAse', 'caSe', 'casE', 'CAse', 'caSE', 'CaSe', 'cASe'];
    const responses = await Promise.all(
      names.map((username) =>
        fetch(`${base}/services/users`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ username, name: 'Case Person', email: 'case@mail.example', roles: ['SUPPORT'] }),
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const users = await t.app.userDirectory.listUsers('alpha');
    expect(users.filter((u) => u.username.toLowerCase() === 'case@alpha')).toHaveLength(1);
  });
});

describe("what ends a user's sessions", () => {
  it('deleting a user: the refresh token stops working, the browser is asked to sign in, and the same username created again is a new account', async () => {
    const { browser, tokens } = await signedIn('gone@alpha');
    expect((await asAdmin('DELETE', '/services/users/gone@alpha')).statusCode).toBe(200);

    expect((await browser.refresh(tokens.refresh_token)).statusCode).toBe(400);
    await browser.start();
    expect(browser.page).toContain('>Username</label>');

    const again = await signedIn('gone@alpha');
    expect(decodeJwt(again.tokens.id_token).sub).not.toBe(decodeJwt(tokens.id_token).sub);
    expect((await browser.refresh(tokens.refresh_token)).statusCode).toBe(400);
    expect((await again.browser.refresh(again.tokens.refresh_token)).statusCode).toBe(200);
  });

  it('resetting their two-step verification ends their sessions', async () => {
    const { browser, tokens } = await signedIn('reset@alpha');
    expect((await asAdmin('DELETE', '/services/users/reset@alpha/totp')).statusCode).toBe(200);
    expect((await browser.refresh(tokens.refresh_token)).statusCode).toBe(400);
    await browser.start();
    expect(browser.page).toContain('>Username</label>');
  });

  it('changing their roles ends their sessions; a change of name alone does not', async () => {
    const { browser, tokens } = await signedIn('roles@alpha');
    const update = (roles: string[], name = 'Roles Person') => asAdmin('PUT', '/services/users/roles@alpha', { name, email: 'roles@mail.example', roles });
    expect((await update(['SUPPORT'], 'Another Name')).statusCode).toBe(200);
    const refreshed = await browser.refresh(tokens.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    expect((await update(['TECH'])).statusCode).toBe(200);
    expect((await browser.refresh(refreshed.json<Tokens>().refresh_token)).statusCode).toBe(400);
  });
});

describe('logout', () => {
  const logoutUrl = (browser: SignInDriver, params: Record<string, string>) =>
    `${new URL(browser.issuer).pathname}/protocol/openid-connect/logout?${new URLSearchParams(params).toString()}`;

  it('asks a cross-site request to confirm: no script submits it, and the session stays until the user presses Log out', async () => {
    const { browser } = await signedIn('csrf@alpha');
    const page = await browser.request('GET', logoutUrl(browser, {}));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Do you want to log out of the registrar panel?');
    expect(page.body).not.toContain('logout.js');
    // Another user's ID token proves nothing about this browser.
    const other = await signedIn('other-csrf@alpha');
    const withOther = await browser.request('GET', logoutUrl(browser, { id_token_hint: other.tokens.id_token }));
    expect(withOther.body).not.toContain('logout.js');
    expect(await browser.start()).toMatch(/\?code=/);
  });

  it("confirms the portal's own Logout at once: it names the session's account with its ID token", async () => {
    const { browser, tokens } = await signedIn('own@alpha');
    const page = await browser.request('GET', logoutUrl(browser, { id_token_hint: tokens.id_token, post_logout_redirect_uri: 'http://portal.test/' }));
    expect(page.body).toContain('logout.js');
    expect(page.body).toContain('You are being logged out of the registrar panel.');
  });
});
