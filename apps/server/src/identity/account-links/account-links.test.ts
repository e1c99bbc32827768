import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInLockouts, users, userTokens } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createActiveUser, testPassword } from '../testing/users';
import { SignInDriver } from '../testing/sign-in-driver';
import { currentTotpCode } from '../sign-in/totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
});
afterAll(async () => t.close());

const linkIn = (text: string) => /(http:\/\/portal\.test\/auth\/realms\/registrar-panel\/login-actions\/action-token\?key=[\w-]+)/.exec(text)?.[1] ?? '';
const alertOf = (page: string) => /role="alert" id="form-error">([^<]*)</.exec(page)?.[1];
const newPassword = 'A-new-and-long-secret-42';

async function openLink(link: string) {
  const browser = new SignInDriver(t.app, t.config);
  const response = await browser.request('GET', link);
  browser.page = response.body;
  browser.status = response.statusCode;
  return browser;
}

async function choosePassword(browser: SignInDriver, password: string, confirmation = password) {
  const key = /name="key" value="([^"]+)"/.exec(browser.page)?.[1] ?? '';
  const response = await browser.request('POST', browser.formAction(), { key, password, confirmation });
  browser.page = response.body;
  browser.status = response.statusCode;
}

describe('activation', () => {
  it('mails a single-use link to choose a password; the account is then active and enrols TOTP at sign-in', async () => {
    await t.newMail();
    await t.app.userDirectory.createUser({ username: 'nina@alpha', registrarHandle: 'alpha', name: 'Nina Nova', email: 'nina@mail.example', roles: ['TECH'] });
    const [mail] = await t.newMail();
    expect(mail).toMatchObject({ to: 'nina@mail.example', subject: 'Activate your .be registrar panel account' });
    expect(mail?.text).toContain('Your username is nina@alpha.');
    expect(mail?.text).toContain('valid for 12 hours');
    const link = linkIn(mail?.text ?? '');

    const browser = await openLink(link);
    expect(browser.page).toContain('Activate your account');
    expect(browser.page).toContain('<strong>nina@alpha</strong>');
    await choosePassword(browser, 'short');
    expect(alertOf(browser.page)).toBe('The password is too short: use at least 12 characters.');
    await choosePassword(browser, newPassword, 'something else entirely');
    expect(alertOf(browser.page)).toBe('The passwords do not match.');
    await choosePassword(browser, 'nina@alpha-is-my-name');
    expect(alertOf(browser.page)).toBe('The password must not contain your username.');
    await choosePassword(browser, newPassword);
    expect(browser.page).toContain('Your account is active');

    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'nina@alpha'));
    expect(row?.state).toBe('active');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const again = await openLink(link);
    expect(again.status).toBe(410);
    expect(again.page).toContain('This link cannot be used');

    const signIn = new SignInDriver(t.app, t.config);
    await signIn.start();
    await signIn.submit({ username: 'nina@alpha', password: newPassword });
    expect(signIn.page).toContain('Set up 2-step verification');
  });

  it('refuses a link after 12 hours, and an older link once a newer one was sent', async () => {
    await t.app.userDirectory.createUser({ username: 'olaf@alpha', registrarHandle: 'alpha', name: 'Olaf', email: 'olaf@mail.example', roles: ['TECH'] });
    const first = linkIn((await t.queuedMail()).at(-1)?.text ?? '');
    await t.app.userDirectory.sendPasswordReset('olaf@alpha');
    const resent = (await t.queuedMail()).at(-1);
    expect(resent?.subject).toBe('Activate your .be registrar panel account');
    expect((await openLink(first)).status).toBe(410);
    const second = linkIn(resent?.text ?? '');
    expect((await openLink(second)).status).toBe(200);
    // Only a hash of the key is stored, valid for 12 hours.
    const key = new URL(second).searchParams.get('key') ?? '';
    const stored = await t.database.db.select().from(userTokens).where(eq(userTokens.username, 'olaf@alpha'));
    expect(stored.some((row) => row.tokenHash.includes(key))).toBe(false);
    const validFor = (stored.find((row) => row.usedAt === null)?.expiresAt.getTime() ?? 0) - Date.now();
    expect(validFor).toBeGreaterThan(12 * 3600_000 - 60_000);
    expect(validFor).toBeLessThanOrEqual(12 * 3600_000);
    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.username, 'olaf@alpha'));
    expect((await openLink(second)).status).toBe(410);
  });
});

describe('password reset', () => {
  it('mails a reset link; the new password works, the old sessions end, a lockout is lifted and the user is told', async () => {
    const { secret, email } = await createActiveUser(t.database.db, t.config, { username: 'paul@alpha', name: 'Paul Peters' });
    const signIn = new SignInDriver(t.app, t.config);
    await signIn.start();
    await signIn.submit({ username: 'paul@alpha', password: testPassword });
    const tokens = await signIn.exchange(await signIn.submit({ code: await currentTotpCode(secret ?? '') }));
    await t.database.db
      .insert(signInLockouts)
      .values({ account: 'paul@alpha', source: '*', failedAttempts: 7, lockedUntil: new Date(Date.now() + 600_000), updatedAt: new Date() });

    const token = await t.tokenFor({ username: 'paul@alpha', roles: ['FINANCE'] });
    const res = await t.app.inject({ method: 'DELETE', url: '/services/me/password', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, messages: [] });
    const mail = (await t.queuedMail()).at(-1);
    expect(mail).toMatchObject({ to: email, subject: 'Reset your .be registrar panel password' });

    const browser = await openLink(linkIn(mail?.text ?? ''));
    expect(browser.page).toContain('Choose a new password');
    await choosePassword(browser, newPassword);
    expect(browser.page).toContain('Your password is changed');
    expect((await t.queuedMail()).at(-1)).toMatchObject({ to: email, subject: 'Your .be registrar panel password was changed' });

    expect((await signIn.refresh(tokens.refresh_token)).statusCode).toBe(400);
    const withOld = new SignInDriver(t.app, t.config);
    await withOld.start();
    await withOld.submit({ username: 'paul@alpha', password: testPassword });
    expect(alertOf(withOld.page)).toBe('Invalid username or password.');
    await withOld.submit({ username: 'paul@alpha', password: newPassword });
    expect(withOld.page).toContain('>One-time code</label>');
  });

  it('refuses a common password in any letter case, and one holding a word an attacker would try; the link stays usable', async () => {
    const { email } = await createActiveUser(t.database.db, t.config, { username: 'quinn@alpha' });
    await t.app.userDirectory.sendPasswordReset('quinn@alpha');
    const mail = (await t.queuedMail()).filter((queued) => queued.to === email).at(-1);
    const browser = await openLink(linkIn(mail?.text ?? ''));
    expect(browser.page).toContain(
      'must not be a commonly used password, nor contain your username, your registrar’s handle, the word ‘registrar’ or the top-level domain ‘be’.',
    );
    const common = 'This password is too common: it is on a list of passwords that attackers try first. Choose another.';
    for (const password of ['password1234', 'PassWord1234', 'aaaaaaaaaaaa', 'qwertyuiop12']) {
      await choosePassword(browser, password);
      expect(alertOf(browser.page), password).toBe(common);
    }
    const refusals: [string, string][] = [
      ['Quinn-is-my-name-42', 'The password must not contain your username.'],
      ['my-ALPHA-office-2026', 'The password must not contain your registrar’s handle.'],
      ['best-Registrar-in-town', 'The password must not contain the word ‘registrar’.'],
      ['dns.BE-portal-2026', 'The password must not contain the top-level domain ‘be’ as a word.'],
    ];
    for (const [password, problem] of refusals) {
      await choosePassword(browser, password);
      expect(alertOf(browser.page), password).toBe(problem);
    }
    // 'be' inside a longer word is not the TLD.
    await choosePassword(browser, 'remember-the-bees-42');
    expect(browser.page).toContain('Your password is changed');
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/services/me/password' });
    expect(res.statusCode).toBe(401);
  });
});

describe('TOTP reset', () => {
  it('removes the secret and tells the user by mail', async () => {
    const { email } = await createActiveUser(t.database.db, t.config, { username: 'rita@alpha' });
    await t.app.userDirectory.resetTotp('rita@alpha');
    expect((await t.app.userDirectory.findUser('rita@alpha'))?.hasTotp).toBe(false);
    expect((await t.queuedMail()).at(-1)).toMatchObject({ to: email, subject: 'Your 2-step verification on the .be registrar panel was reset' });
  });
});
