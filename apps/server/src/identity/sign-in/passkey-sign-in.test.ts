import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { signInAttempts, users } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { registerPasskey, registrationOptions, type PasskeyDeps } from '../passkeys/passkeys';
import { relyingPartyOf } from '../passkeys/relying-party';
import { SignInDriver } from '../testing/sign-in-driver';
import { SoftwareAuthenticator } from '../testing/software-authenticator';
import { createActiveUser, testPassword } from '../testing/users';
import { currentTotpCode } from './totp';

/*
 * The embedded sign-in's passkey step, through the pages as a browser uses them: after the
 * password a user with a passkey is asked for it, with the authenticator app's code as the way
 * round only for a user who has the app.
 */
let t: TestApp;
let deps: PasskeyDeps;
const secrets = new Map<string, string | null>();
const keys = new Map<string, SoftwareAuthenticator>();
let addresses = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const handle of ['alpha', 'beta']) await createRegistrar(t.database.db, { handle });
  const rp = relyingPartyOf(t.config.publicUrl);
  if (!rp.available) throw new Error('the test portal has a host name');
  deps = { db: t.database.db, rp, rpName: 'Test', now: () => new Date() };
  for (const [username, totp] of [
    ['anna@alpha', true],
    ['bert@alpha', false],
    ['cleo@beta', true],
  ] as const) {
    secrets.set(username, (await createActiveUser(t.database.db, t.config, { username, totp })).secret);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
    const authenticator = new SoftwareAuthenticator(rp.origin);
    const added = await registerPasskey(
      deps,
      username,
      authenticator.create(await registrationOptions(deps, { username, id: row?.id ?? '', name: 'x' })),
      'Key',
    );
    expect(added.ok).toBe(true);
    keys.set(username, authenticator);
  }
});
afterAll(async () => t?.close());

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function optionsOf(page: string): PublicKeyCredentialRequestOptionsJSON {
  const match = /data-options="([^"]*)"/.exec(page);
  if (!match?.[1]) throw new Error(`no passkey options on the page:\n${page.slice(0, 800)}`);
  return JSON.parse(unescape(match[1])) as PublicKeyCredentialRequestOptionsJSON;
}

async function toPasskeyStep(username: string) {
  const driver = new SignInDriver(t.app, t.config, `198.51.100.${++addresses}`);
  await driver.start();
  await driver.submit({ username, password: testPassword });
  return driver;
}

describe('the passkey step', () => {
  it('asks a user with a passkey for it after the password, and signs them in with it', async () => {
    const driver = await toPasskeyStep('anna@alpha');
    expect(driver.page).toContain('Use passkey');
    expect(driver.page).not.toContain('id="code"');
    const assertion = keys.get('anna@alpha')?.get(optionsOf(driver.page));
    const tokens = await driver.exchange(await driver.submit({ response: JSON.stringify(assertion) }));
    expect(tokens.access_token).toBeTruthy();
  });

  it('refuses a replayed answer, another user’s passkey and nonsense, and counts them as failures', async () => {
    const first = await toPasskeyStep('anna@alpha');
    const assertion = JSON.stringify(keys.get('anna@alpha')?.get(optionsOf(first.page)));
    await first.exchange(await first.submit({ response: assertion }));

    const replay = await toPasskeyStep('anna@alpha');
    await replay.submit({ response: assertion });
    expect(replay.page).toContain('The passkey was not accepted. Try again.');

    const other = await toPasskeyStep('anna@alpha');
    await other.submit({ response: JSON.stringify(keys.get('cleo@beta')?.get(optionsOf(other.page))) });
    expect(other.page).toContain('The passkey was not accepted. Try again.');
    await other.submit({ response: '{"not":"an assertion"}' });
    expect(other.page).toContain('The passkey was not accepted. Try again.');

    const failures = await t.database.db.select().from(signInAttempts).where(eq(signInAttempts.username, 'anna@alpha'));
    expect(failures.filter((row) => row.outcome === 'wrongCode')).toHaveLength(2);
    // Still asked for the passkey, and it still works.
    const tokens = await other.exchange(await other.submit({ response: JSON.stringify(keys.get('anna@alpha')?.get(optionsOf(other.page))) }));
    expect(tokens.access_token).toBeTruthy();
  });

  it('offers the authenticator app code instead to a user who has the app', async () => {
    const driver = await toPasskeyStep('cleo@beta');
    const link = /href="([^"]+)" id="passkey-use-code"/.exec(driver.page)?.[1];
    expect(link).toBeTruthy();
    await driver.follow(await driver.request('GET', unescape(link ?? '')), unescape(link ?? ''));
    expect(driver.page).toContain('id="code"');
    const tokens = await driver.exchange(await driver.submit({ code: await currentTotpCode(secrets.get('cleo@beta') ?? '') }));
    expect(tokens.access_token).toBeTruthy();
  });

  it('gives a user without the app no way round the passkey: no code, no enrolment', async () => {
    const driver = await toPasskeyStep('bert@alpha');
    expect(driver.page).toContain('Use passkey');
    expect(driver.page).not.toContain('passkey-use-code');
    const action = driver.formAction();
    const uidBase = action.replace(/\/passkey$/, '');
    await driver.follow(await driver.request('GET', `${uidBase}/use-code`), `${uidBase}/use-code`);
    expect(driver.page).toContain('Use passkey');
    for (const step of ['otp', 'enrol']) {
      await driver.follow(await driver.request('POST', `${uidBase}/${step}`, { code: '123456' }), `${uidBase}/${step}`);
      expect(driver.page).toContain('Use passkey');
    }
  });
});
