import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PanelRole, PanelUser, PasskeyPolicy } from '@registrar-panel/contract';
import { auditEvents, events, passkeys, users } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { registerPasskey, registrationOptions, type PasskeyDeps } from '../../identity/passkeys/passkeys';
import { relyingPartyOf } from '../../identity/passkeys/relying-party';
import { SignInDriver } from '../../identity/testing/sign-in-driver';
import { SoftwareAuthenticator } from '../../identity/testing/software-authenticator';
import { createActiveUser, testPassword } from '../../identity/testing/users';
import { recordPasskeyUse } from '../../identity/passkeys/passkeys.repository';

/*
 * Passkeys in user management: the list's second factors, 'Remove passkeys' for a non-admin user
 * of the ADMIN's own registrar (mailed, audited, an event; TOTP stays), the TOTP reset that keeps
 * the passkeys, and "Require passkeys" for the ADMIN's own registrar only.
 */
let t: TestApp;
let deps: PasskeyDeps;

async function addPasskey(username: string, name: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  const authenticator = new SoftwareAuthenticator(deps.rp.origin);
  const options = await registrationOptions(deps, { username, id: row?.id ?? '', name: 'x' });
  expect((await registerPasskey(deps, username, authenticator.create(options), name)).ok).toBe(true);
}

async function call(method: 'GET' | 'PUT' | 'DELETE', url: string, options: { as?: string; roles?: PanelRole[]; body?: object } = {}) {
  const as = options.as ?? 'admin@alpha';
  const headers = { authorization: `Bearer ${await t.tokenFor({ username: as, roles: options.roles ?? ['ADMIN'] })}` };
  return t.app.inject({ method, url: `/services${url}`, headers, ...(options.body ? { payload: options.body } : {}) });
}

const keyOf = (res: { json: <T>() => T }) => res.json<{ messages: { messageKey: string }[] }>().messages[0]?.messageKey;
const passkeysOf = async (username: string) => (await t.database.db.select().from(passkeys).where(eq(passkeys.username, username))).length;
const hasTotp = async (username: string) => (await t.database.db.select().from(users).where(eq(users.username, username)))[0]?.totpSecretEncrypted !== null;
const audited = (action: string) => t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));

beforeAll(async () => {
  t = await createTestApp();
  for (const handle of ['alpha', 'beta']) await createRegistrar(t.database.db, { handle });
  const rp = relyingPartyOf(t.config.publicUrl);
  if (!rp.available) throw new Error('the test portal has a host name');
  deps = { db: t.database.db, rp, rpName: 'Test', now: () => new Date() };
  await createActiveUser(t.database.db, t.config, { username: 'admin@alpha', roles: ['ADMIN'], name: 'Alice Admin' });
  await createActiveUser(t.database.db, t.config, { username: 'anna@alpha', roles: ['SUPPORT'], name: 'Anna Support' });
  await createActiveUser(t.database.db, t.config, { username: 'bert@alpha', roles: ['TECH'], name: 'Bert Tech', totp: false });
  await createActiveUser(t.database.db, t.config, { username: 'cleo@beta', roles: ['SUPPORT'], name: 'Cleo Beta' });
  for (const [username, name] of [
    ['admin@alpha', 'Admin key'],
    ['anna@alpha', 'Laptop'],
    ['anna@alpha', 'Phone'],
    ['bert@alpha', 'Key'],
    ['cleo@beta', 'Beta key'],
  ] as const)
    await addPasskey(username, name);
  await t.newMail();
});
afterAll(async () => t?.close());

describe('the user list', () => {
  it("shows each user's second factors: the authenticator app and how many passkeys, never a credential", async () => {
    const res = await call('GET', '/users');
    expect(res.statusCode).toBe(200);
    const listed = res.json<{ data: { users: PanelUser[] } }>().data.users;
    expect(Object.fromEntries(listed.map((user) => [user.username, user.secondFactors]))).toEqual({
      'admin@alpha': { totp: true, passkeys: 1 },
      'anna@alpha': { totp: true, passkeys: 2 },
      'bert@alpha': { totp: false, passkeys: 1 },
    });
    const ids = (await t.database.db.select().from(passkeys)).map((row) => row.credentialId);
    for (const id of ids) expect(res.body).not.toContain(id);
  });

  it("reads the users and their second factors in one statement, as the directory's separate reads would", async () => {
    // A used passkey, so that both of its instants are compared (the read builds them from JSON).
    const [used] = await t.database.db.select().from(passkeys).where(eq(passkeys.username, 'anna@alpha'));
    expect(await recordPasskeyUse(t.database.db, used!.credentialId, used!.counter, used!.counter + 1, new Date('2026-11-29T10:11:12.345Z'))).toBe(true);
    const directory = t.app.userDirectory;
    const separately = await directory.listUsers('alpha');
    const expected = await directory.secondFactorsOf(separately.map((user) => user.username));
    let statements = 0;
    const counted = () => (statements += 1);
    t.database.pool.on('acquire', counted);
    try {
      const together = await directory.listUsersWithSecondFactors('alpha');
      expect(statements).toBe(1);
      expect(together.users).toEqual(separately);
      expect(together.factors).toEqual(expected);
      expect(together.factors.get('anna@alpha')?.passkeys.map((key) => key.lastUsedAt?.toISOString() ?? null)).toContain('2026-11-29T10:11:12.345Z');
    } finally {
      t.database.pool.off('acquire', counted);
    }
  });
});

describe('DELETE /services/users/{username}/passkeys', () => {
  it('answers 401 without a token and 403 to every role but ADMIN, and removes nothing', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/services/users/anna%40alpha/passkeys' })).statusCode).toBe(401);
    for (const role of ['SUPPORT', 'TECH', 'FINANCE'] as const) {
      const res = await call('DELETE', '/users/anna%40alpha/passkeys', { as: 'anna@alpha', roles: [role] });
      expect(res.statusCode).toBe(403);
    }
    expect(await passkeysOf('anna@alpha')).toBe(2);
  });

  it("does not find another registrar's user, and leaves their passkeys", async () => {
    const res = await call('DELETE', '/users/cleo%40beta/passkeys');
    expect(res.statusCode).toBe(404);
    expect(keyOf(res)).toBe('error.notFound');
    expect(await passkeysOf('cleo@beta')).toBe(1);
  });

  it("refuses an administrator's passkeys", async () => {
    const res = await call('DELETE', '/users/admin%40alpha/passkeys');
    expect(res.statusCode).toBe(403);
    expect(keyOf(res)).toBe('users.adminPasskeysFixed');
    expect(await passkeysOf('admin@alpha')).toBe(1);
  });

  it('removes every passkey of the user and nothing else, mails them, and records it in the history and the event stream', async () => {
    const res = await call('DELETE', '/users/anna%40alpha/passkeys');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { removed: 2 }, messages: [] });
    expect(await passkeysOf('anna@alpha')).toBe(0);
    expect(await hasTotp('anna@alpha')).toBe(true);
    const mails = await t.newMail();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([['anna.alpha@mail.example', 'Your passkeys on the .be registrar panel were removed']]);
    expect(mails[0]?.text).toContain('An administrator removed the passkeys of your account anna@alpha.');
    const [entry] = await audited('user.passkeysRemove');
    expect(entry).toMatchObject({ registrarHandle: 'alpha', username: 'admin@alpha', details: { username: 'anna@alpha', passkeysRemoved: 2 } });
    const stream = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.registrarHandle, 'alpha'), eq(events.kind, 'user.passkeysRemove')));
    expect(stream).toHaveLength(1);

    // Nothing left to remove: nothing recorded or mailed again.
    const again = await call('DELETE', '/users/anna%40alpha/passkeys');
    expect(again.json()).toEqual({ data: { removed: 0 }, messages: [] });
    expect(await audited('user.passkeysRemove')).toHaveLength(1);
    expect(await t.newMail()).toEqual([]);
  });

  it("keeps the spec's TOTP reset to TOTP: the passkeys stay", async () => {
    await addPasskey('anna@alpha', 'Laptop again');
    const res = await call('DELETE', '/users/anna%40alpha/totp');
    expect(res.statusCode).toBe(200);
    expect(await hasTotp('anna@alpha')).toBe(false);
    expect(await passkeysOf('anna@alpha')).toBe(1);
  });

  it('leaves a user with no second factor to set up the authenticator app at their next sign-in', async () => {
    expect(await hasTotp('bert@alpha')).toBe(false);
    expect((await call('DELETE', '/users/bert%40alpha/passkeys')).json()).toEqual({ data: { removed: 1 }, messages: [] });
    const driver = new SignInDriver(t.app, t.config, '198.51.100.77');
    await driver.start();
    await driver.submit({ username: 'bert@alpha', password: testPassword });
    expect(driver.page).toContain('id="totp-secret"');
    expect(driver.page).not.toContain('Use passkey');
  });
});

describe('/services/registrar/passkeyPolicy', () => {
  it('answers 401 without a token and 403 to every role but ADMIN, and changes nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/services/registrar/passkeyPolicy' })).statusCode).toBe(401);
    for (const role of ['SUPPORT', 'TECH', 'FINANCE'] as const) {
      expect((await call('GET', '/registrar/passkeyPolicy', { as: 'anna@alpha', roles: [role] })).statusCode).toBe(403);
      expect((await call('PUT', '/registrar/passkeyPolicy', { as: 'anna@alpha', roles: [role], body: { required: true } })).statusCode).toBe(403);
    }
    const res = await call('GET', '/registrar/passkeyPolicy');
    expect(res.json<{ data: PasskeyPolicy }>().data).toEqual({ required: false, available: true, unavailableReason: null });
  });

  it("requires passkeys of the ADMIN's own registrar only, audited once per change", async () => {
    const res = await call('PUT', '/registrar/passkeyPolicy', { body: { required: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: PasskeyPolicy }>().data).toEqual({ required: true, available: true, unavailableReason: null });
    await call('PUT', '/registrar/passkeyPolicy', { body: { required: true } });
    expect((await audited('registrar.passkeyPolicy.update')).map((row) => [row.registrarHandle, row.details])).toEqual([['alpha', { required: true }]]);
    const beta = await call('GET', '/registrar/passkeyPolicy', { as: 'admin@beta' });
    expect(beta.json<{ data: PasskeyPolicy }>().data.required).toBe(false);
  });

  it('refuses a body that is not a yes or no, and keeps the setting', async () => {
    const res = await call('PUT', '/registrar/passkeyPolicy', { body: { required: 'yes' } });
    expect(res.statusCode).toBe(400);
    expect((await call('GET', '/registrar/passkeyPolicy')).json<{ data: PasskeyPolicy }>().data.required).toBe(true);
  });
});

describe('where the portal cannot offer passkeys', () => {
  it('says why and refuses to require them', async () => {
    const ip = await createTestApp({ publicUrl: 'http://127.0.0.1:3000' });
    try {
      await createRegistrar(ip.database.db, { handle: 'alpha' });
      const headers = { authorization: `Bearer ${await ip.tokenFor({ username: 'admin@alpha', roles: ['ADMIN'] })}` };
      const read = await ip.app.inject({ method: 'GET', url: '/services/registrar/passkeyPolicy', headers });
      expect(read.json<{ data: PasskeyPolicy }>().data).toEqual({ required: false, available: false, unavailableReason: 'ipAddress' });
      const res = await ip.app.inject({ method: 'PUT', url: '/services/registrar/passkeyPolicy', headers, payload: { required: true } });
      expect(res.statusCode).toBe(409);
      expect(keyOf(res)).toBe('users.passkeyPolicy.unavailable');
    } finally {
      await ip.close();
    }
  });
});
