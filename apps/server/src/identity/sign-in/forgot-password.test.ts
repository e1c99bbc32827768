import { brusselsDay } from '@registrar-panel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { startBackgroundWork, type BackgroundWork } from '../../jobs/background';
import { loadRateLimits } from '../../lib/rate-limit-policy';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startSmtpListener, type SmtpListener } from '../testing/smtp-listener';
import { SignInDriver } from '../testing/sign-in-driver';
import { createActiveUser, testPassword } from '../testing/users';
import { forgotPasswordAnswerMs } from './forgot-password.service';
import { identityTexts } from '../texts/identity-texts';
import { currentTotpCode } from './totp';

const forgotPasswordTexts = {
  sent: identityTexts('en').t('identity.forgot.sent'),
  usernameRequired: identityTexts('en').t('identity.forgot.usernameRequired'),
};

let t: TestApp;
let smtp: SmtpListener;
let background: BackgroundWork;
let secret = '';

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    rateLimits: loadRateLimits({ RATE_LIMIT_FORGOT_PASSWORD_PER_IP: '6/15m', RATE_LIMIT_FORGOT_PASSWORD_PER_USER: '3/1h' }),
  });
  await createRegistrar(t.database.db, { handle: 'alpha' });
  secret = (await createActiveUser(t.database.db, t.config, { username: 'Rita@alpha', email: 'rita@mail.example' })).secret ?? '';
  await createActiveUser(t.database.db, t.config, { username: 'off@alpha', email: 'off@mail.example' });
  await createActiveUser(t.database.db, t.config, { username: 'ended@alpha', email: 'ended@mail.example' });
  await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.username, 'off@alpha'));
  await t.database.db
    .update(users)
    .set({ accessEnd: brusselsDay(new Date(Date.now() - 86_400_000)) })
    .where(eq(users.username, 'ended@alpha'));
  await t.app.userDirectory.createUser({ username: 'new@alpha', registrarHandle: 'alpha', name: 'New', email: 'new@mail.example', roles: ['TECH'] });
  await createActiveUser(t.database.db, t.config, { username: 'sue@alpha', email: 'sue@mail.example' });
  await createRegistrar(t.database.db, { handle: 'gamma', status: 'BLOCKED' });
  await createActiveUser(t.database.db, t.config, { username: 'ben@gamma', email: 'ben@mail.example' });
  background = await startBackgroundWork(t.app, { pollingIntervalSeconds: 0.5 });
  await smtp.waitFor('new@mail.example', 'Activate');
});
afterAll(async () => {
  await background?.stop();
  await t?.close();
  await smtp?.close();
});

/** A browser on the sign-in page, at an address of its own (the limit per address is per test). */
async function atSignIn(ip: string): Promise<SignInDriver> {
  const browser = new SignInDriver(t.app, t.config, ip);
  await browser.start();
  return browser;
}

/** Follows 'Forgot password?' from the sign-in page and asks for `username`; answers the page and how long it took. */
async function askReset(browser: SignInDriver, username: string) {
  const link = /<a href="([^"]+\/forgot)">Forgot password\?<\/a>/.exec(browser.page)?.[1];
  expect(link).toBeDefined();
  const form = await browser.request('GET', link ?? '');
  expect(form.statusCode).toBe(200);
  browser.page = form.body;
  const started = Date.now();
  const answer = await browser.request('POST', browser.formAction(), { username });
  return { status: answer.statusCode, body: answer.body, ms: Date.now() - started, backTo: /href="([^"]+)">« Back to sign in/.exec(answer.body)?.[1] };
}

const sentText = (body: string) => /id="forgot-sent">([^<]*)</.exec(body)?.[1];

describe("'Forgot password?' on the sign-in page", () => {
  it('answers the same for an existing and an unknown username, and mails the reset link only to the existing account', async () => {
    const before = smtp.received.length;
    const known = await askReset(await atSignIn('198.51.100.1'), 'rita@ALPHA');
    const unknown = await askReset(await atSignIn('198.51.100.2'), 'nobody@alpha');
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(200);
      expect(sentText(answer.body)).toBe(forgotPasswordTexts.sent);
      expect(answer.ms).toBeGreaterThanOrEqual(forgotPasswordAnswerMs - 5);
    }
    // The pages differ only in the address of their own sign-in (its back link and the switcher's links).
    expect(known.body.replaceAll(known.backTo ?? '', '')).toBe(unknown.body.replaceAll(unknown.backTo ?? '', ''));

    const mail = await smtp.waitFor('rita@mail.example', 'password', before);
    // Disabled, ended and not yet activated accounts get nothing, nor do users of a blocked
    // registrar (they could not sign in with the new password), nor anyone for the unknown name.
    for (const username of ['off@alpha', 'ended@alpha', 'new@alpha', 'ben@gamma']) {
      expect(sentText((await askReset(await atSignIn('198.51.100.3'), username)).body)).toBe(forgotPasswordTexts.sent);
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.slice(before).map((m) => m.to.join())).toEqual(['rita@mail.example']);

    // The link resets the password, and the new one signs in.
    const link = /(http:\/\/portal\.test\/\S+action-token\?key=[\w-]+)/.exec(mail.text)?.[1] ?? '';
    const page = new SignInDriver(t.app, t.config, '198.51.100.4');
    const opened = await page.request('GET', link);
    expect(opened.statusCode).toBe(200);
    page.page = opened.body;
    const key = /name="key" value="([^"]+)"/.exec(page.page)?.[1] ?? '';
    const newPassword = 'A-brand-new-long-secret-7';
    const saved = await page.request('POST', page.formAction(), { key, password: newPassword, confirmation: newPassword });
    expect(saved.body).toContain('Your password is changed');
    const browser = await atSignIn('198.51.100.5');
    await browser.submit({ username: 'Rita@alpha', password: testPassword });
    expect(browser.page).toContain('Invalid username or password.');
    await browser.submit({ username: 'Rita@alpha', password: newPassword });
    expect(await browser.submit({ code: await currentTotpCode(secret) })).toMatch(/\?code=/);
  });

  it('asks for a username when none is given, and mails nothing', async () => {
    const answer = await askReset(await atSignIn('198.51.100.6'), '  ');
    expect(answer.body).toContain(forgotPasswordTexts.usernameRequired);
    expect(answer.body).toContain('aria-invalid="true"');
  });

  it('is limited per username, known or not alike, with parallel requests from many addresses', async () => {
    for (const username of ['sue@alpha', 'ghost@alpha']) {
      const browsers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => atSignIn(`192.0.2.${n + (username === 'sue@alpha' ? 0 : 10)}`)));
      const answers = await Promise.all(browsers.map((browser) => askReset(browser, username)));
      const statuses = answers.map((answer) => answer.status).sort();
      // 3 an hour per username: the first three are answered, the rest refused, for either name.
      expect(statuses, username).toEqual([200, 200, 200, 429, 429, 429]);
      const refused = answers.find((answer) => answer.status === 429);
      expect(refused?.body).toMatch(/Too many attempts for this account\. Please wait \d+ minutes? and try again\./);
    }
    // The known account got its three mails, no more.
    await smtp.waitFor('sue@mail.example', 'password');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.filter((mail) => mail.to.includes('sue@mail.example'))).toHaveLength(3);
  });

  it('is limited per address', async () => {
    const browser = await atSignIn('203.0.113.77');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      await browser.start();
      statuses.push((await askReset(browser, `someone${i}@alpha`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });

  it('works only from the browser that started the sign-in (the interaction cookie), like the other sign-in forms', async () => {
    const browser = await atSignIn('203.0.113.78');
    const link = /<a href="([^"]+\/forgot)">/.exec(browser.page)?.[1] ?? '';
    const stranger = new SignInDriver(t.app, t.config, '203.0.113.79');
    const res = await stranger.request('POST', link, { username: 'rita@alpha' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('This sign-in page has expired');
  });
});
