import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrars, signInLockouts, users } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { loadRateLimits } from '../../lib/rate-limit-policy';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInTexts } from './interaction-helpers';
import { createActiveUser, testPassword } from '../testing/users';
import { SignInDriver } from '../testing/sign-in-driver';
import { currentTotpCode } from './totp';

let t: TestApp;
beforeAll(async () => {
  // This file signs in more often from one address than the per-address limit allows (rate-limits.test.ts tests that).
  t = await createTestApp({ rateLimits: loadRateLimits({ RATE_LIMIT_SIGN_IN_PER_IP: '1000/15m' }) });
  await createRegistrar(t.database.db, { handle: 'alpha' });
});
afterAll(async () => t.close());

/** The page's error alert as the user reads it (the page escapes `'` and the like). */
const alertOf = (page: string) =>
  /<div class="alert alert-danger" role="alert" id="form-error">([^<]*)<\/div>/
    .exec(page)?.[1]
    ?.replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const attemptsOf = async (username: string) => t.app.userDirectory.signInAttempts(username, 50);

async function passwordStep(username: string, password: string, ip?: string) {
  const browser = new SignInDriver(t.app, t.config, ip);
  await browser.start();
  await browser.submit({ username, password });
  return browser;
}

describe('the sign-in page', () => {
  it("asks for 'Username' and 'Password', then the 'One-time code', then returns to the portal with a code", async () => {
    const { secret } = await createActiveUser(t.database.db, t.config, { username: 'anna@alpha' });
    const browser = new SignInDriver(t.app, t.config, '198.51.100.7');
    await browser.start();
    expect(browser.page).toContain('>Username</label>');
    expect(browser.page).toContain('>Password</label>');
    expect(browser.page).toContain('>Sign in</button>');
    expect(browser.page).not.toMatch(/<script>|style="/);
    await browser.submit({ username: 'anna@alpha', password: testPassword });
    expect(browser.page).toContain('>One-time code</label>');
    const callback = await browser.submit({ code: await currentTotpCode(secret ?? '') });
    expect(callback).toMatch(/^http:\/\/portal\.test\/\?code=/);
    expect((await attemptsOf('anna@alpha'))[0]).toMatchObject({ outcome: 'success', ip: '198.51.100.7' });
  });

  it('says the same for an unknown username, a wrong password and an account awaiting activation, and records each with its IP', async () => {
    await createActiveUser(t.database.db, t.config, { username: 'bert@alpha' });
    await t.app.userDirectory.createUser({ username: 'new@alpha', registrarHandle: 'alpha', name: 'New Person', email: 'new@mail.example', roles: ['TECH'] });
    const wrong = await passwordStep('bert@alpha', 'not the password', '192.0.2.1');
    const unknown = await passwordStep('nobody@alpha', 'whatever it is', '192.0.2.2');
    const inactive = await passwordStep('new@alpha', testPassword, '192.0.2.3');
    for (const browser of [wrong, unknown, inactive]) {
      expect(alertOf(browser.page)).toBe('Invalid username or password.');
      expect(browser.page).not.toContain('One-time code');
    }
    expect((await attemptsOf('bert@alpha'))[0]).toMatchObject({ outcome: 'wrongPassword', ip: '192.0.2.1' });
    // The name typed is no account: the attempt is recorded for its registrar, without the name.
    expect(await attemptsOf('nobody@alpha')).toEqual([]);
    expect(await attemptsOf('@alpha')).toContainEqual(expect.objectContaining({ outcome: 'wrongPassword', ip: '192.0.2.2' }));
  });

  it('finds the user whatever the letter case of the typed username', async () => {
    await createActiveUser(t.database.db, t.config, { username: 'carla@alpha' });
    const browser = await passwordStep('  Carla@Alpha ', testPassword);
    expect(browser.page).toContain('Signing in as <strong>carla@alpha</strong>');
  });
});

describe('brute-force protection', () => {
  const lockedFor = (minutes: number) => signInTexts.locked(minutes * 60);

  it('makes the account wait 1 minute after 5 failures, then doubles the wait up to 15 minutes', async () => {
    await createActiveUser(t.database.db, t.config, { username: 'dora@alpha' });
    for (let i = 1; i <= 4; i++) expect(alertOf((await passwordStep('dora@alpha', `wrong ${i}`)).page)).toBe('Invalid username or password.');
    expect(alertOf((await passwordStep('dora@alpha', 'wrong 5')).page)).toBe('Too many failed attempts. Please wait 1 minute and try again.');
    // Even the right password is refused while the account waits, and it is recorded as such.
    expect(alertOf((await passwordStep('dora@alpha', testPassword)).page)).toBe(lockedFor(1));
    expect((await attemptsOf('dora@alpha'))[0]?.outcome).toBe('locked');

    const waitOver = () =>
      t.database.db
        .update(signInLockouts)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(signInLockouts.account, 'dora@alpha'));
    const expected = [2, 4, 8, 15, 15];
    for (const minutes of expected) {
      await waitOver();
      expect(alertOf((await passwordStep('dora@alpha', 'wrong again')).page)).toBe(lockedFor(minutes));
    }

    // After the wait, the right password works and the count starts again.
    await waitOver();
    const browser = await passwordStep('dora@alpha', testPassword);
    expect(browser.page).toContain('One-time code');
  });

  it('treats an unknown username exactly like an account', async () => {
    const answers: (string | undefined)[] = [];
    for (let i = 1; i <= 6; i++) answers.push(alertOf((await passwordStep('ghost@alpha', `guess ${i}`)).page));
    expect(answers).toEqual([...Array(4).fill('Invalid username or password.'), lockedFor(1), lockedFor(1)]);
  });

  it('counts wrong one-time codes too', async () => {
    await createActiveUser(t.database.db, t.config, { username: 'emil@alpha' });
    const browser = await passwordStep('emil@alpha', testPassword);
    for (let i = 1; i <= 4; i++) {
      await browser.submit({ code: '000000' });
      expect(alertOf(browser.page)).toBe(signInTexts.wrongCode);
    }
    await browser.submit({ code: '000000' });
    expect(alertOf(browser.page)).toBe(lockedFor(1));
    expect((await attemptsOf('emil@alpha')).slice(0, 5).map((a) => a.outcome)).toEqual(Array(5).fill('wrongCode'));
  });
});

describe('one-time codes', () => {
  it('accepts a code once only; the next step’s code still works (one step of drift)', async () => {
    const { secret } = await createActiveUser(t.database.db, t.config, { username: 'finn@alpha' });
    const code = await currentTotpCode(secret ?? '');
    const first = await passwordStep('finn@alpha', testPassword);
    expect(await first.submit({ code })).toMatch(/\?code=/);
    const second = await passwordStep('finn@alpha', testPassword);
    await second.submit({ code });
    expect(alertOf(second.page)).toBe(signInTexts.wrongCode);
    expect(await second.submit({ code: await currentTotpCode(secret ?? '', Date.now() + 30_000) })).toMatch(/\?code=/);
  });

  it('enrols a user without a secret: QR code and the secret as text, then the first code signs in', async () => {
    await createActiveUser(t.database.db, t.config, { username: 'gina@alpha', totp: false });
    const browser = await passwordStep('gina@alpha', testPassword);
    expect(browser.page).toContain('Set up 2-step verification');
    expect(browser.page).toMatch(/<img src="data:image\/png;base64,[^"]+" width="200" height="200" alt="QR code/);
    const secret = /id="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(browser.page)?.[1]?.replace(/ /g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await browser.submit({ code: '123456' });
    expect(alertOf(browser.page)).toBe(signInTexts.wrongCode);
    expect(browser.page).toContain(secret.slice(0, 4));
    expect(await browser.submit({ code: await currentTotpCode(secret) })).toMatch(/\?code=/);
    expect((await t.app.userDirectory.findUser('gina@alpha'))?.hasTotp).toBe(true);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'gina@alpha'));
    expect(row?.totpSecretEncrypted).not.toContain(secret);
    const again = await passwordStep('gina@alpha', testPassword);
    expect(again.page).toContain('>One-time code</label>');
    expect(again.page).not.toContain('Set up 2-step verification');
  });
});

describe("the registrar's status", () => {
  const setStatus = (handle: string, status: string) => t.database.db.update(registrars).set({ status }).where(eq(registrars.handle, handle));
  const lockoutRows = (account: string) => t.database.db.select().from(signInLockouts).where(eq(signInLockouts.account, account));

  it('refuses the right password of a BLOCKED or DELETED registrar’s user with its message, recorded and never counted', async () => {
    await createRegistrar(t.database.db, { handle: 'closed', status: 'BLOCKED' });
    await createActiveUser(t.database.db, t.config, { username: 'ivan@closed' });
    // More tries than the lockout allows: none is a failure, so none locks.
    for (let i = 1; i <= 6; i++) {
      const browser = await passwordStep('ivan@closed', testPassword, '192.0.2.40');
      expect(alertOf(browser.page)).toBe("Your registrar's access to the registrar panel is blocked. Please contact the registry.");
      expect(browser.page).not.toContain('One-time code');
    }
    expect((await attemptsOf('ivan@closed')).slice(0, 6)).toEqual(Array(6).fill(expect.objectContaining({ outcome: 'registrarBlocked', ip: '192.0.2.40' })));
    expect(await lockoutRows('ivan@closed')).toEqual([]);

    // A wrong password learns nothing of the registrar: the usual answer, counted as usual.
    expect(alertOf((await passwordStep('ivan@closed', 'not the password')).page)).toBe('Invalid username or password.');
    expect((await attemptsOf('ivan@closed'))[0]?.outcome).toBe('wrongPassword');

    await setStatus('closed', 'DELETED');
    expect(alertOf((await passwordStep('ivan@closed', testPassword)).page)).toBe(signInTexts.registrarBlocked);

    for (const status of ['SUSPENDED', 'INITIAL', 'ACTIVE']) {
      await setStatus('closed', status);
      expect((await passwordStep('ivan@closed', testPassword)).page, status).toContain('>One-time code</label>');
    }
  });

  it('refuses the one-time code when the registry blocked the registrar after the password step, and starts again', async () => {
    await createRegistrar(t.database.db, { handle: 'later' });
    const { secret } = await createActiveUser(t.database.db, t.config, { username: 'jana@later' });
    const browser = await passwordStep('jana@later', testPassword, '192.0.2.41');
    expect(browser.page).toContain('>One-time code</label>');
    await setStatus('later', 'BLOCKED');
    const code = await currentTotpCode(secret ?? '');
    await browser.submit({ code });
    expect(alertOf(browser.page)).toBe(signInTexts.registrarBlocked);
    expect(browser.page).toContain('>Password</label>');
    expect((await attemptsOf('jana@later'))[0]).toMatchObject({ outcome: 'registrarBlocked', ip: '192.0.2.41' });

    await setStatus('later', 'ACTIVE');
    await browser.submit({ username: 'jana@later', password: testPassword });
    expect(await browser.submit({ code })).toMatch(/\?code=/);
  });
});

describe('security notifications', () => {
  it('mails the user when they sign in from an IP address they have not used before', async () => {
    const { secret, email } = await createActiveUser(t.database.db, t.config, { username: 'hugo@alpha' });
    const signInFrom = async (ip: string, at: number) => {
      const browser = await passwordStep('hugo@alpha', testPassword, ip);
      expect(await browser.submit({ code: await currentTotpCode(secret ?? '', at) })).toMatch(/\?code=/);
    };
    await t.newMail();
    await signInFrom('203.0.113.1', Date.now() - 30_000);
    expect(await t.newMail()).toEqual([]);
    await signInFrom('203.0.113.2', Date.now());
    expect(await t.newMail()).toEqual([
      expect.objectContaining({
        to: email,
        subject: 'New sign-in to your .be registrar panel account',
        text: expect.stringContaining('IP address: 203.0.113.2'),
      }),
    ]);
    await signInFrom('203.0.113.2', Date.now() + 30_000);
    expect(await t.newMail()).toEqual([]);
  });
});
