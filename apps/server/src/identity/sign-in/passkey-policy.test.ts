import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { passkeys, registrars, signInAttempts, users } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { registerPasskey, registrationOptions, type PasskeyDeps } from '../passkeys/passkeys';
import { relyingPartyOf } from '../passkeys/relying-party';
import { SignInDriver } from '../testing/sign-in-driver';
import { SoftwareAuthenticator } from '../testing/software-authenticator';
import { createActiveUser, testPassword } from '../testing/users';
import { currentTotpCode } from './totp';

/*
 * The registrar's "Require passkeys" at the embedded sign-in, through the pages as a browser uses
 * them with a software authenticator: a user without a passkey adds one (after the code, which
 * then signs nobody in), with no way round; a user with one is no longer offered the code.
 */
let t: TestApp;
let deps: PasskeyDeps;
let origin = '';
const secrets = new Map<string, string | null>();
let addresses = 0;

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'strict' });
  await createRegistrar(t.database.db, { handle: 'easy' });
  await t.database.db.update(registrars).set({ passkeysRequired: true }).where(eq(registrars.handle, 'strict'));
  const rp = relyingPartyOf(t.config.publicUrl);
  if (!rp.available) throw new Error('the test portal has a host name');
  origin = rp.origin;
  deps = { db: t.database.db, rp, rpName: 'Test', now: () => new Date() };
  for (const [username, totp] of [
    ['app@strict', true],
    ['none@strict', false],
    ['keyed@strict', true],
    ['wrong@strict', true],
    ['left@easy', true],
  ] as const) {
    secrets.set(username, (await createActiveUser(t.database.db, t.config, { username, totp })).secret);
  }
  const [keyed] = await t.database.db.select().from(users).where(eq(users.username, 'keyed@strict'));
  const key = new SoftwareAuthenticator(origin);
  const added = await registerPasskey(
    deps,
    'keyed@strict',
    key.create(await registrationOptions(deps, { username: 'keyed@strict', id: keyed?.id ?? '', name: 'x' })),
    'Key',
  );
  expect(added.ok).toBe(true);
});
afterAll(async () => t?.close());

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function optionsOf<T extends PublicKeyCredentialCreationOptionsJSON | PublicKeyCredentialRequestOptionsJSON>(page: string): T {
  const match = /data-options="([^"]*)"/.exec(page);
  if (!match?.[1]) throw new Error(`no passkey options on the page:\n${page.slice(0, 800)}`);
  return JSON.parse(unescape(match[1])) as T;
}

async function afterPassword(username: string) {
  const driver = new SignInDriver(t.app, t.config, `198.51.100.${++addresses}`);
  await driver.start();
  await driver.submit({ username, password: testPassword });
  return driver;
}

const successes = async (username: string) =>
  (await t.database.db.select().from(signInAttempts).where(eq(signInAttempts.username, username))).filter((row) => row.outcome === 'success');
const passkeysOf = (username: string) => t.database.db.select().from(passkeys).where(eq(passkeys.username, username));

/** Every other way on from the enrolment step leads back to it. */
async function expectNoWayRound(driver: SignInDriver) {
  const uidBase = driver.formAction().replace(/\/enrol-passkey$/, '');
  await driver.follow(await driver.request('GET', `${uidBase}/use-code`), `${uidBase}/use-code`);
  expect(driver.page).toContain('Add a passkey');
  for (const step of ['otp', 'enrol', 'passkey']) {
    await driver.follow(await driver.request('POST', `${uidBase}/${step}`, { code: '123456', response: '{}' }), `${uidBase}/${step}`);
    expect(driver.page).toContain('Add a passkey');
  }
}

describe('Require passkeys at the embedded sign-in', () => {
  it('has a user with the app and no passkey add one after the code, which alone signs nobody in', async () => {
    const driver = await afterPassword('app@strict');
    expect(driver.page).toContain('id="code"');
    expect(driver.page).toContain('Your registrar requires a passkey: after this code you add one.');
    await driver.submit({ code: await currentTotpCode(secrets.get('app@strict') ?? '') });
    expect(driver.page).toContain('Add a passkey');
    expect(await successes('app@strict')).toHaveLength(0);
    await expectNoWayRound(driver);

    // A name is required; the page says so and stays.
    const authenticator = new SoftwareAuthenticator(origin);
    await driver.submit({ name: '  ', response: JSON.stringify(authenticator.create(optionsOf(driver.page))) });
    expect(driver.page).toContain('Give the passkey a name of up to 64 characters.');
    expect(await passkeysOf('app@strict')).toHaveLength(0);

    const tokens = await driver.exchange(await driver.submit({ name: 'Work laptop', response: JSON.stringify(authenticator.create(optionsOf(driver.page))) }));
    expect(tokens.access_token).toBeTruthy();
    expect((await passkeysOf('app@strict')).map((row) => row.name)).toEqual(['Work laptop']);
    expect(await successes('app@strict')).toHaveLength(1);

    // The next sign-in asks for the passkey, with no code offered instead.
    const next = await afterPassword('app@strict');
    expect(next.page).toContain('Use passkey');
    expect(next.page).not.toContain('passkey-use-code');
    const again = await next.exchange(await next.submit({ response: JSON.stringify(authenticator.get(optionsOf(next.page))) }));
    expect(again.access_token).toBeTruthy();
  });

  it('refuses a wrong code before the enrolment, as any wrong code', async () => {
    const driver = await afterPassword('wrong@strict');
    await driver.submit({ code: '000000' });
    expect(driver.page).toContain('id="code"');
    expect(driver.page).not.toContain('Add a passkey');
    const failures = (await t.database.db.select().from(signInAttempts).where(eq(signInAttempts.username, 'wrong@strict'))).filter(
      (row) => row.outcome === 'wrongCode',
    );
    expect(failures).toHaveLength(1);
  });

  it('has a user with no second factor add a passkey, not an authenticator app', async () => {
    const driver = await afterPassword('none@strict');
    expect(driver.page).toContain('Add a passkey');
    expect(driver.page).not.toContain('totp-secret');
    await expectNoWayRound(driver);
    // A refused answer (its client data not the browser's) adds nothing.
    const authenticator = new SoftwareAuthenticator(origin);
    const forged = authenticator.create(optionsOf(driver.page));
    await driver.submit({ name: 'Phone', response: JSON.stringify({ ...forged, response: { ...forged.response, clientDataJSON: 'e30' } }) });
    expect(driver.page).toContain('The passkey was not added. Try again.');
    expect(await passkeysOf('none@strict')).toHaveLength(0);
    const tokens = await driver.exchange(await driver.submit({ name: 'Phone', response: JSON.stringify(authenticator.create(optionsOf(driver.page))) }));
    expect(tokens.access_token).toBeTruthy();
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'none@strict'));
    expect(row?.totpSecretEncrypted).toBeNull();
  });

  it('no longer accepts the code instead of the passkey of a user who has one', async () => {
    const driver = await afterPassword('keyed@strict');
    expect(driver.page).toContain('Use passkey');
    expect(driver.page).not.toContain('passkey-use-code');
    const uidBase = driver.formAction().replace(/\/passkey$/, '');
    await driver.follow(await driver.request('GET', `${uidBase}/use-code`), `${uidBase}/use-code`);
    expect(driver.page).toContain('Use passkey');
    await driver.follow(await driver.request('POST', `${uidBase}/otp`, { code: await currentTotpCode(secrets.get('keyed@strict') ?? '') }), `${uidBase}/otp`);
    expect(driver.page).toContain('Use passkey');
    expect(await successes('keyed@strict')).toHaveLength(0);
  });

  it("leaves another registrar's users as they were: the code, and no passkey asked for", async () => {
    const driver = await afterPassword('left@easy');
    expect(driver.page).toContain('id="code"');
    expect(driver.page).not.toContain('requires a passkey');
    const tokens = await driver.exchange(await driver.submit({ code: await currentTotpCode(secrets.get('left@easy') ?? '') }));
    expect(tokens.access_token).toBeTruthy();
  });
});
