import type { PanelRole } from '@registrar-panel/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userEmailChanges, users } from '../../db/schema';
import type { Mail } from '../../mail/mail';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { currentTotpCode } from '../sign-in/totp';
import { SignInDriver } from '../testing/sign-in-driver';
import { createActiveUser, testPassword } from '../testing/users';
import { maskEmail } from './email-change';

let t: TestApp;
const secrets = new Map<string, string>();

const path = (username: string, rest = '') => `/services/users/${encodeURIComponent(username)}${rest}`;
const admin = { username: 'mallory@alpha', roles: ['ADMIN'] as PanelRole[], firstName: 'Mallory', lastName: 'Admin', email: 'mallory@alpha.example' };

async function asAdmin(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: Record<string, unknown>) {
  const headers = { authorization: `Bearer ${await t.tokenFor(admin)}` };
  return t.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
}

const changeEmail = (username: string, email: string) => asAdmin('PUT', path(username), { name: `Name of ${username}`, email, roles: ['SUPPORT'] });

/** Signs the user in through the embedded pages from `ip`. */
async function signIn(username: string, ip: string) {
  const browser = new SignInDriver(t.app, t.config, ip);
  await browser.start();
  await browser.submit({ username, password: testPassword });
  await t.database.db.update(users).set({ totpLastStep: null }).where(eq(users.username, username));
  await browser.exchange(await browser.submit({ code: await currentTotpCode(secrets.get(username) ?? '') }));
}

/** 'Forgot password?' on the sign-in page, as a visitor would use it. */
async function forgotPassword(username: string, ip: string) {
  const browser = new SignInDriver(t.app, t.config, ip);
  await browser.start();
  const link = /<a href="([^"]+\/forgot)">Forgot password\?<\/a>/.exec(browser.page)?.[1] ?? '';
  browser.page = (await browser.request('GET', link)).body;
  expect((await browser.request('POST', browser.formAction(), { username })).statusCode).toBe(200);
}

const recipients = (mails: Mail[]) => mails.map((mail) => mail.to).sort();

async function addUser(username: string, email: string) {
  const { secret } = await createActiveUser(t.database.db, t.config, { username, email, name: `Name of ${username}` });
  secrets.set(username, secret ?? '');
}

beforeAll(async () => {
  t = await createTestApp({ supportEmail: 'help@registry.example' });
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await addUser('sam@alpha', 'sam@owner.example');
  await addUser('kim@alpha', 'kim@owner.example');
  await addUser('lou@alpha', 'lou@owner.example');
});
afterAll(async () => t?.close());

describe("an ADMIN changes a user's email", () => {
  it('tells the previous address what changed, who did it and whom to ask, the new address masked; then for 15 minutes it gets every reset link and security notice too', async () => {
    // Sam has signed in from the office before: a sign-in from there is not news.
    await signIn('sam@alpha', '198.51.100.20');
    await t.newMail();

    expect((await changeEmail('sam@alpha', 'sam.taken@mallory.example')).statusCode).toBe(200);
    const [notice, ...others] = await t.newMail();
    expect(others).toEqual([]);
    expect(notice?.to).toBe('sam@owner.example');
    expect(notice?.subject).toContain('e-mail address of your');
    expect(notice?.text).toContain('by the administrator Mallory Admin (mallory@alpha)');
    expect(notice?.text).toContain('New address: s***@mallory.example');
    expect(notice?.text).not.toContain('sam.taken');
    expect(notice?.text).toContain('contact Mallory Admin at mallory@alpha.example, or the registry at help@registry.example');

    // A sign-in, even from a known address, is told to both.
    await signIn('sam@alpha', '198.51.100.20');
    expect(recipients(await t.newMail())).toEqual(['sam.taken@mallory.example', 'sam@owner.example']);

    // 'Forgot password?': the same reset link to both.
    await forgotPassword('sam@alpha', '198.51.100.21');
    const resets = await t.newMail();
    expect(recipients(resets)).toEqual(['sam.taken@mallory.example', 'sam@owner.example']);
    expect(resets[0]?.subject).toContain('Reset your');
    expect(new Set(resets.map((mail) => /action-token\?key=([\w-]+)/.exec(mail.text)?.[1])).size).toBe(1);

    // The 2-step reset notice to both.
    expect((await asAdmin('DELETE', path('sam@alpha', '/totp'))).statusCode).toBe(200);
    const totp = await t.newMail();
    expect(recipients(totp)).toEqual(['sam.taken@mallory.example', 'sam@owner.example']);
    expect(totp[0]?.subject).toContain('2-step verification');
  });

  it('stops mailing the previous address 15 minutes after the change', async () => {
    expect((await changeEmail('kim@alpha', 'kim@new.example')).statusCode).toBe(200);
    expect(recipients(await t.newMail())).toEqual(['kim@owner.example']);
    await t.database.db.execute(sql`UPDATE ${userEmailChanges} SET changed_at = changed_at - interval '15 minutes 1 second'`);
    await forgotPassword('kim@alpha', '198.51.100.22');
    expect(recipients(await t.newMail())).toEqual(['kim@new.example']);
  });

  it('keeps the first previous address when the email is changed again within the window, and tells both earlier ones', async () => {
    expect((await changeEmail('lou@alpha', 'lou@second.example')).statusCode).toBe(200);
    await t.newMail();
    expect((await changeEmail('lou@alpha', 'lou@third.example')).statusCode).toBe(200);
    expect(recipients(await t.newMail())).toEqual(['lou@owner.example', 'lou@second.example']);
    await forgotPassword('lou@alpha', '198.51.100.23');
    expect(recipients(await t.newMail())).toEqual(['lou@owner.example', 'lou@third.example']);
  });

  it("sends an ADMIN's 'Send activation' link to both addresses of a user who has not activated yet", async () => {
    expect((await asAdmin('POST', '/services/users', { username: 'dan', name: 'Dan', email: 'dan@owner.example', roles: ['SUPPORT'] })).statusCode).toBe(201);
    expect(recipients(await t.newMail())).toEqual(['dan@owner.example']);
    expect((await changeEmail('dan@alpha', 'dan.taken@mallory.example')).statusCode).toBe(200);
    expect(recipients(await t.newMail())).toEqual(['dan@owner.example']);
    expect((await asAdmin('POST', path('dan@alpha', '/activation'))).statusCode).toBe(200);
    const activations = await t.newMail();
    expect(recipients(activations)).toEqual(['dan.taken@mallory.example', 'dan@owner.example']);
    expect(new Set(activations.map((mail) => /action-token\?key=([\w-]+)/.exec(mail.text)?.[1])).size).toBe(1);
  });

  it('mails no one when only the name or roles change', async () => {
    expect((await asAdmin('PUT', path('lou@alpha'), { name: 'Lou Renamed', email: 'LOU@third.example', roles: ['TECH'] })).statusCode).toBe(200);
    expect(await t.newMail()).toEqual([]);
  });
});

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskEmail('odd')).toBe('***');
  });
});
