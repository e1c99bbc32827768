import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyPasskey, MyPasskeysResponse, PasskeyOptions } from '@registrar-panel/contract';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { auditEvents, users } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { currentTotpCode } from '../../identity/sign-in/totp';
import { SignInDriver, type Tokens } from '../../identity/testing/sign-in-driver';
import { SoftwareAuthenticator } from '../../identity/testing/software-authenticator';
import { createActiveUser, testPassword } from '../../identity/testing/users';

/*
 * My account's passkeys against the embedded identity service, with real sign-ins and a software
 * authenticator: added, listed, removed (never the last second step), each change in the history and
 * mailed; another user's or another registrar's passkey is not found.
 */
let t: TestApp;
const secrets = new Map<string, string | null>();
let signIns = 0;
const sessions: Record<'lena' | 'otto' | 'jan', Tokens> = {} as Record<'lena' | 'otto' | 'jan', Tokens>;

beforeAll(async () => {
  t = await createTestApp();
  for (const handle of ['alpha', 'beta']) await createRegistrar(t.database.db, { handle });
  for (const username of ['lena@alpha', 'otto@alpha', 'jan@beta'])
    secrets.set(username, (await createActiveUser(t.database.db, t.config, { username, roles: ['FINANCE'] })).secret);
  sessions.lena = await signIn('lena@alpha');
  sessions.otto = await signIn('otto@alpha');
  sessions.jan = await signIn('jan@beta');
});
afterAll(async () => t?.close());

async function signIn(username: string): Promise<Tokens> {
  const driver = new SignInDriver(t.app, t.config, `198.51.100.${++signIns}`);
  await driver.start();
  await driver.submit({ username, password: testPassword });
  await t.database.db.update(users).set({ totpLastStep: null }).where(eq(users.username, username));
  return driver.exchange(await driver.submit({ code: await currentTotpCode(secrets.get(username) ?? '') }));
}

function api(tokens: Tokens | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) {
  return t.app.inject({
    method,
    url: `/services${url}`,
    remoteAddress: '203.0.113.10',
    headers: tokens ? { authorization: `Bearer ${tokens.access_token}` } : {},
    ...(body ? { payload: body } : {}),
  });
}

const keyOf = (res: { json: <T>() => T }) => res.json<{ messages: { messageKey: string }[] }>().messages[0]?.messageKey;
const origin = () => new URL(t.config.publicUrl).origin;

async function addPasskey(tokens: Tokens, name: string, authenticator = new SoftwareAuthenticator(origin())) {
  const options = (await api(tokens, 'POST', '/me/passkeys/options')).json<{ data: PasskeyOptions }>().data.options;
  const res = await api(tokens, 'POST', '/me/passkeys', { name, response: authenticator.create(options as unknown as PublicKeyCredentialCreationOptionsJSON) });
  return { res, authenticator };
}

const listOf = async (tokens: Tokens) => (await api(tokens, 'GET', '/me/passkeys')).json<{ data: MyPasskeysResponse }>().data;
const auditsOf = (username: string, action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.username, username), eq(auditEvents.action, action)));

describe('My account: passkeys', () => {
  it('adds a named passkey, lists it with when it was added, and mails and records it', async () => {
    const lena = sessions.lena;
    expect(await listOf(lena)).toEqual({ available: true, unavailableReason: null, passkeys: [] });
    await t.newMail();
    const { res, authenticator } = await addPasskey(lena, '  Work laptop ');
    expect(res.statusCode).toBe(201);
    const added = res.json<{ data: MyPasskey }>().data;
    expect(added).toMatchObject({ id: authenticator.id, name: 'Work laptop', lastUsedAt: null });
    expect((await listOf(lena)).passkeys).toEqual([added]);
    const mails = await t.newMail();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([['lena.alpha@mail.example', 'A passkey was added to your .be registrar panel account']]);
    expect(mails[0]?.text).toContain('“Work laptop”');
    expect((await auditsOf('lena@alpha', 'account.passkey.add')).map((row) => row.details)).toEqual([{ passkeyName: 'Work laptop' }]);
  });

  it('refuses options used twice, an answer without user verification, and a name that is empty or too long', async () => {
    const otto = sessions.otto;
    const options = (await api(otto, 'POST', '/me/passkeys/options')).json<{ data: PasskeyOptions }>().data
      .options as unknown as PublicKeyCredentialCreationOptionsJSON;
    expect((await api(otto, 'POST', '/me/passkeys', { name: 'A', response: new SoftwareAuthenticator(origin()).create(options) })).statusCode).toBe(201);
    const again = await api(otto, 'POST', '/me/passkeys', { name: 'B', response: new SoftwareAuthenticator(origin()).create(options) });
    expect([again.statusCode, keyOf(again)]).toEqual([400, 'account.passkey.notAccepted']);
    const unverified = new SoftwareAuthenticator(origin());
    unverified.userVerified = false;
    expect((await addPasskey(otto, 'C', unverified)).res.statusCode).toBe(400);
    for (const name of ['   ', 'x'.repeat(65)]) expect((await addPasskey(otto, name)).res.statusCode).toBe(400);
    expect((await listOf(otto)).passkeys.map((p) => p.name)).toEqual(['A']);
  });

  it('removes a passkey while the authenticator app remains, but never the last second step', async () => {
    const jan = sessions.jan;
    const first = (await addPasskey(jan, 'Key one')).authenticator;
    const second = (await addPasskey(jan, 'Key two')).authenticator;
    await t.newMail();
    expect((await api(jan, 'DELETE', `/me/passkeys/${first.id}`)).statusCode).toBe(200);
    expect((await t.newMail()).map((mail) => mail.subject)).toEqual(['A passkey was removed from your .be registrar panel account']);
    expect((await auditsOf('jan@beta', 'account.passkey.remove')).map((row) => row.details)).toEqual([{ passkeyName: 'Key one' }]);
    // Without the app, the last passkey is the last second step.
    await t.database.db.update(users).set({ totpSecretEncrypted: null }).where(eq(users.username, 'jan@beta'));
    const last = await api(jan, 'DELETE', `/me/passkeys/${second.id}`);
    expect([last.statusCode, keyOf(last)]).toEqual([400, 'account.passkey.last']);
    expect((await listOf(jan)).passkeys.map((p) => p.name)).toEqual(['Key two']);
  });

  it("finds no other user's passkey, of the same registrar or another, and none without a token", async () => {
    // Signed in before: otto and jan have passkeys by now, which the code step no longer serves.
    const [lena, otto, jan] = [sessions.lena, sessions.otto, sessions.jan];
    const { authenticator: ottos } = await addPasskey(otto, 'Otto’s');
    const { authenticator: jans } = await addPasskey(jan, 'Jan’s');
    for (const id of [ottos.id, jans.id, 'unknown']) expect((await api(lena, 'DELETE', `/me/passkeys/${id}`)).statusCode).toBe(404);
    // Another user's authenticator cannot be registered again under this account either.
    expect((await addPasskey(lena, 'Copy', jans.clone())).res.statusCode).toBe(400);
    expect((await api(null, 'GET', '/me/passkeys')).statusCode).toBe(401);
    expect((await api(null, 'POST', '/me/passkeys/options')).statusCode).toBe(401);
    expect((await api(null, 'DELETE', `/me/passkeys/${ottos.id}`)).statusCode).toBe(401);
  });
});

describe('My account: renaming a passkey', () => {
  it('renames one of the caller’s passkeys with the name rules, records it and mails nothing', async () => {
    const lena = sessions.lena;
    const { authenticator } = await addPasskey(lena, 'Old name');
    await t.newMail();
    const res = await api(lena, 'PUT', `/me/passkeys/${authenticator.id}`, { name: '  Desk key ' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: MyPasskey }>().data).toMatchObject({ id: authenticator.id, name: 'Desk key' });
    expect((await listOf(lena)).passkeys.map((p) => p.name)).toContain('Desk key');
    expect((await auditsOf('lena@alpha', 'account.passkey.rename')).map((row) => row.details)).toEqual([{ before: 'Old name', after: 'Desk key' }]);
    expect(await t.newMail()).toEqual([]);
    for (const name of ['   ', 'x'.repeat(65)]) {
      const refused = await api(lena, 'PUT', `/me/passkeys/${authenticator.id}`, { name });
      expect([refused.statusCode, keyOf(refused)]).toEqual([400, name.trim() ? 'validation.maxLength' : 'validation.required']);
    }
    expect((await listOf(lena)).passkeys.map((p) => p.name)).toContain('Desk key');
  });

  it("finds no other user's passkey to rename, of the same registrar or another, and none without a token", async () => {
    const { authenticator: ottos } = await addPasskey(sessions.otto, 'Otto key');
    const { authenticator: jans } = await addPasskey(sessions.jan, 'Jan key');
    for (const id of [ottos.id, jans.id, 'unknown']) {
      expect((await api(sessions.lena, 'PUT', `/me/passkeys/${id}`, { name: 'Mine now' })).statusCode).toBe(404);
    }
    expect((await api(null, 'PUT', `/me/passkeys/${ottos.id}`, { name: 'Mine now' })).statusCode).toBe(401);
    expect((await listOf(sessions.otto)).passkeys.map((p) => p.name)).toContain('Otto key');
    expect((await listOf(sessions.jan)).passkeys.map((p) => p.name)).toContain('Jan key');
  });
});
