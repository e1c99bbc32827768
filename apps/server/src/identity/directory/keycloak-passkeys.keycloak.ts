import type KeycloakAdminClient from '@keycloak/keycloak-admin-client';
import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyPasskeysResponse, PasskeyPolicy } from '@registrar-panel/contract';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestRealm, keycloakModeIdentity, keycloakTestUrl, type TestRealm } from '../testing/keycloak-realm';
import { formsOf, signInThroughPages, type PageForm } from '../testing/keycloak-pages';
import { startSmtpListener, type SmtpListener } from '../testing/smtp-listener';
import type { UserDirectory } from './user-directory';
import { passkeyEnrolmentAction, passkeysRequiredAttribute } from './keycloak-user-directory';

/*
 * Passkeys in the registry's Keycloak (a real one at KEYCLOAK_URL, the project's realm file imported
 * afresh): the directory lists a user's TOTP and passkeys, removes one (never the last second
 * factor, also with two removals side by side), removes all, applies a registrar's requirement
 * (the realm's flow then asks the passkey alone, or the code and then a new passkey), and puts a
 * passkey ahead of the code; My account lists and
 * removes the caller's own through the API. Users are made with their credentials by the master
 * administrator (Keycloak's user import takes them); the browser ceremony is e2e/keycloak.e2e.ts's.
 */
const portalUrl = 'http://localhost:8099';
const password = 'a long enough password';

/**
 * A TOTP secret of 20 characters, one per user (Keycloak takes each code once), as Keycloak keeps it;
 * the authenticator app is given it in base32 (`appKeyOf`), as Keycloak's set-up page shows it.
 */
const newTotpSecret = () => randomBytes(15).toString('base64url').slice(0, 20);
const appKeyOf = (secret: string) => base32(Buffer.from(secret));
function base32(bytes: Buffer): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const byte of bytes) bits += byte.toString(2).padStart(8, '0');
  return (bits.match(/.{5}/g) ?? []).map((chunk) => alphabet[parseInt(chunk, 2)]).join('');
}
const otpCredential = (secret = newTotpSecret()) => ({
  type: 'otp',
  userLabel: 'Phone',
  secretData: JSON.stringify({ value: secret }),
  credentialData: JSON.stringify({ subType: 'totp', digits: 6, counter: 0, period: 30, algorithm: 'HmacSHA1' }),
});
const passkeyCredential = (name: string, createdDate: number) => ({
  type: 'webauthn',
  userLabel: name,
  createdDate,
  secretData: '{}',
  credentialData: JSON.stringify({
    aaguid: '00000000-0000-0000-0000-000000000000',
    credentialId: randomBytes(16).toString('base64'),
    counter: 0,
    attestationStatementFormat: 'none',
  }),
});

describe.skipIf(!keycloakTestUrl())('passkeys in Keycloak, through the directory and My account (real Keycloak at KEYCLOAK_URL)', () => {
  let smtp: SmtpListener;
  let realm: TestRealm;
  let t: TestApp;
  let directory: UserDirectory;

  /** The master administrator, signed in afresh (its tokens live a minute, less than this suite). */
  const master = (): Promise<KeycloakAdminClient> => realm.admin();

  /** A SUPPORT user (or `role`; the username names the registrar) with a password and these second factors, as Keycloak's import takes them. */
  async function userWith(username: string, credentials: object[], role = 'support'): Promise<string> {
    const kc = await master();
    const { id } = await kc.users.create({
      username,
      enabled: true,
      email: `${username.replace('@', '.')}@mail.example`,
      firstName: username.split('@')[0],
      lastName: 'Test',
      attributes: { registrar: [username.split('@')[1] ?? ''] },
      credentials: [{ type: 'password', value: password, temporary: false }, ...credentials],
    });
    // Enrolled already: not the TOTP set-up that the realm gives every new user.
    await kc.users.update({ id }, { ...(await kc.users.findOne({ id })), requiredActions: [] });
    const realmRole = await kc.roles.findOneByName({ name: role });
    await kc.users.addRealmRoleMappings({ id, roles: [{ id: realmRole!.id!, name: role }] });
    return id;
  }
  const credentialTypes = async (id: string) => (await (await master()).users.getCredentials({ id })).map((credential) => credential.type);
  const requiredActionsOf = async (id: string) => (await (await master()).users.findOne({ id }))?.requiredActions ?? [];

  beforeAll(async () => {
    smtp = await startSmtpListener();
    realm = await createTestRealm({ publicUrl: portalUrl, smtpPort: smtp.port });
    t = await createTestApp({ identity: keycloakModeIdentity(realm, portalUrl), demoMode: false, publicUrl: portalUrl });
    for (const handle of ['acme', 'beta']) await createRegistrar(t.database.db, { handle });
    directory = t.app.userDirectory;
  });
  afterAll(async () => {
    await t?.close();
    await realm?.remove();
    await smtp?.close();
  });

  it("lists each user's TOTP and passkeys (name, when added; Keycloak keeps no last use), unknown users left out", async () => {
    await userWith('lena@acme', [otpCredential(), passkeyCredential('Laptop', Date.UTC(2026, 0, 5)), passkeyCredential('Key', Date.UTC(2026, 0, 2))]);
    await userWith('otto@beta', [otpCredential()]);
    const factors = await directory.secondFactorsOf(['lena@acme', 'otto@beta', 'nobody@acme']);
    expect([...factors.keys()].sort()).toEqual(['lena@acme', 'otto@beta']);
    expect(factors.get('lena@acme')).toMatchObject({
      totp: true,
      passkeys: [
        { name: 'Key', createdAt: new Date(Date.UTC(2026, 0, 2)), lastUsedAt: null },
        { name: 'Laptop', createdAt: new Date(Date.UTC(2026, 0, 5)), lastUsedAt: null },
      ],
    });
    expect(factors.get('otto@beta')).toEqual({ totp: true, passkeys: [] });
    // The users list's read: acme's users only, each with the same factors.
    const listed = await directory.listUsersWithSecondFactors('acme');
    expect(listed.users.map((user) => user.username)).toContain('lena@acme');
    expect(listed.users.map((user) => user.username)).not.toContain('otto@beta');
    expect(listed.factors.get('lena@acme')).toEqual(factors.get('lena@acme'));
    expect(listed.factors.has('otto@beta')).toBe(false);
  });

  it("removes a passkey of the user's own only, and never the last second factor", async () => {
    await userWith('mia@acme', [passkeyCredential('Only one', Date.UTC(2026, 0, 1))]);
    await userWith('max@acme', [otpCredential(), passkeyCredential('Spare', Date.UTC(2026, 0, 1))]);
    const [miaKey] = (await directory.secondFactorsOf(['mia@acme'])).get('mia@acme')?.passkeys ?? [];
    const [maxKey] = (await directory.secondFactorsOf(['max@acme'])).get('max@acme')?.passkeys ?? [];
    expect(await directory.removePasskey('max@acme', miaKey!.id)).toBe('notFound');
    expect(await directory.removePasskey('mia@acme', miaKey!.id)).toBe('last');
    expect(await directory.removePasskey('max@acme', maxKey!.id)).toBe('removed');
    expect((await directory.secondFactorsOf(['mia@acme', 'max@acme'])).get('mia@acme')?.passkeys).toHaveLength(1);
    expect((await directory.secondFactorsOf(['max@acme'])).get('max@acme')).toEqual({ totp: true, passkeys: [] });
  });

  it('of two removals side by side of a user with two passkeys and no TOTP, one is refused: one passkey is left', async () => {
    await userWith('nina@acme', [passkeyCredential('First', Date.UTC(2026, 0, 1)), passkeyCredential('Second', Date.UTC(2026, 0, 2))]);
    const keys = (await directory.secondFactorsOf(['nina@acme'])).get('nina@acme')?.passkeys ?? [];
    const outcomes = await Promise.all(keys.map((key) => directory.removePasskey('nina@acme', key.id)));
    expect(outcomes.sort()).toEqual(['last', 'removed']);
    expect((await directory.secondFactorsOf(['nina@acme'])).get('nina@acme')?.passkeys).toHaveLength(1);
  });

  it('removes all passkeys; a user left without a second factor enrols TOTP at the next sign-in', async () => {
    const id = await userWith('omar@acme', [passkeyCredential('A', Date.UTC(2026, 0, 1)), passkeyCredential('B', Date.UTC(2026, 0, 2))]);
    expect(await directory.removeAllPasskeys('omar@acme')).toBe(2);
    expect(await credentialTypes(id)).toEqual(['password']);
    expect(await requiredActionsOf(id)).toContain('CONFIGURE_TOTP');
    expect(await directory.removeAllPasskeys('omar@acme')).toBe(0);
  });

  it("an ADMIN's requirement reaches Keycloak's sign-in: the passkey alone, or the code and then a new passkey; a new user too; turned off, as before", async () => {
    await createRegistrar(t.database.db, { handle: 'gamma' });
    const adaSecret = newTotpSecret();
    await userWith('ada@gamma', [otpCredential(adaSecret)], 'admin');
    const piaSecret = newTotpSecret();
    const pia = await userWith('pia@gamma', [otpCredential(piaSecret)]);
    const paul = await userWith('paul@gamma', [otpCredential(), passkeyCredential('Mine', Date.UTC(2026, 0, 1))]);
    const other = await userWith('olga@acme', [otpCredential()]);
    const ada = await signInThroughPages(realm.issuer, portalUrl, 'registrar-panel-web', { username: 'ada@gamma', password, totpSecret: appKeyOf(adaSecret) });
    const asAda = (method: 'PUT' | 'POST', url: string, payload: object) =>
      t.app.inject({ method, url: `/services${url}`, headers: { authorization: `Bearer ${ada.access_token}` }, payload });
    const attributeOf = async (id: string) => (await (await master()).users.findOne({ id }))?.attributes?.[passkeysRequiredAttribute] as string[] | undefined;
    /** The pages Keycloak shows the user, up to the first that the page walker cannot answer. */
    const pagesOf = async (username: string, totpSecret?: string) => {
      const pages: PageForm[][] = [];
      await signInThroughPages(realm.issuer, portalUrl, 'registrar-panel-web', {
        username,
        password,
        totpSecret,
        onPage: (html) => void pages.push(formsOf(html)),
      }).catch(() => undefined);
      return pages.map((forms) => forms.flatMap((form) => [...form.fields.keys()]));
    };

    const on = await asAda('PUT', '/registrar/passkeyPolicy', { required: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<{ data: PasskeyPolicy }>().data).toMatchObject({ required: true, available: true });
    expect([await attributeOf(pia), await attributeOf(paul), await attributeOf(other)]).toEqual([['true'], ['true'], undefined]);
    // Paul: after the password, his passkey, and no code instead (Keycloak offers no other way).
    const paulPages = await pagesOf('paul@gamma');
    expect(paulPages.at(-1)).toEqual(expect.arrayContaining(['authenticatorData', 'signature']));
    expect(paulPages.flat()).not.toContain('otp');
    // Pia: the code, then Keycloak's page that adds a passkey (the flow asks webauthn-register of
    // this sign-in, not of the user: until she adds one, every sign-in asks it).
    const piaPages = await pagesOf('pia@gamma', appKeyOf(piaSecret));
    expect(piaPages.some((fields) => fields.includes('otp'))).toBe(true);
    expect(piaPages.at(-1)).toEqual(expect.arrayContaining(['attestationObject']));
    expect(await requiredActionsOf(pia)).not.toContain(passkeyEnrolmentAction);
    expect((await pagesOf('pia@gamma', appKeyOf(piaSecret))).at(-1)).toEqual(expect.arrayContaining(['attestationObject']));
    // A user created meanwhile is given the requirement too.
    const created = await asAda('POST', '/users', { username: 'nel', name: 'Nel New', email: 'nel@gamma.example', roles: ['TECH'] });
    expect(created.statusCode, created.body).toBe(201);
    const nel = (await (await master()).users.find({ username: 'nel@gamma', exact: true }))[0]!;
    expect(await attributeOf(nel.id!)).toEqual(['true']);

    const off = await asAda('PUT', '/registrar/passkeyPolicy', { required: false });
    expect(off.json<{ data: PasskeyPolicy }>().data.required).toBe(false);
    expect([await attributeOf(pia), await attributeOf(paul), await attributeOf(nel.id!)]).toEqual([undefined, undefined, undefined]);
    // Paul has the code again beside the passkey, and Pia signs in with the code alone.
    expect((await pagesOf('paul@gamma')).at(-1)).toContain('otp');
    await signInThroughPages(realm.issuer, portalUrl, 'registrar-panel-web', { username: 'pia@gamma', password, totpSecret: appKeyOf(piaSecret) });
  });

  it('puts the passkey ahead of the code, which Keycloak then asks second', async () => {
    const id = await userWith('quinn@acme', [otpCredential(), passkeyCredential('Laptop', Date.UTC(2026, 0, 1))]);
    expect((await credentialTypes(id)).filter((type) => type !== 'password')).toEqual(['otp', 'webauthn']);
    await directory.preferPasskeys('quinn@acme');
    expect((await credentialTypes(id)).filter((type) => type !== 'password')).toEqual(['webauthn', 'otp']);
    await directory.preferPasskeys('quinn@acme');
    expect((await credentialTypes(id)).filter((type) => type !== 'password')).toEqual(['webauthn', 'otp']);
  });

  it("My account lists the caller's Keycloak passkeys and removes one, recorded and mailed; another registrar's user cannot", async () => {
    const ritaSecret = newTotpSecret();
    const samSecret = newTotpSecret();
    await userWith('rita@acme', [
      otpCredential(ritaSecret),
      passkeyCredential('Work laptop', Date.UTC(2026, 0, 1)),
      passkeyCredential('Spare key', Date.UTC(2026, 0, 3)),
    ]);
    await userWith('sam@beta', [otpCredential(samSecret)]);
    // Keycloak asks the code (the TOTP comes first in their order until My account lists the passkeys).
    const rita = await signInThroughPages(realm.issuer, portalUrl, 'registrar-panel-web', {
      username: 'rita@acme',
      password,
      totpSecret: appKeyOf(ritaSecret),
    });
    const sam = await signInThroughPages(realm.issuer, portalUrl, 'registrar-panel-web', { username: 'sam@beta', password, totpSecret: appKeyOf(samSecret) });
    const api = (token: string, method: 'GET' | 'DELETE', url: string): Promise<LightMyRequestResponse> =>
      t.app.inject({ method, url: `/services${url}`, headers: { authorization: `Bearer ${token}` } });

    const listed = (await api(rita.access_token, 'GET', '/me/passkeys')).json<{ data: MyPasskeysResponse }>().data;
    expect(listed).toMatchObject({ available: true, unavailableReason: null });
    expect(listed.passkeys.map((passkey) => [passkey.name, passkey.lastUsedAt])).toEqual([
      ['Work laptop', null],
      ['Spare key', null],
    ]);
    const spare = listed.passkeys[1]!.id;
    expect((await api(sam.access_token, 'GET', '/me/passkeys')).json<{ data: MyPasskeysResponse }>().data.passkeys).toEqual([]);
    expect((await api(sam.access_token, 'DELETE', `/me/passkeys/${encodeURIComponent(spare)}`)).statusCode).toBe(404);

    await t.newMail();
    expect((await api(rita.access_token, 'DELETE', `/me/passkeys/${encodeURIComponent(spare)}`)).statusCode).toBe(200);
    const after = (await api(rita.access_token, 'GET', '/me/passkeys')).json<{ data: MyPasskeysResponse }>().data;
    expect(after.passkeys.map((passkey) => passkey.name)).toEqual(['Work laptop']);
    expect((await t.newMail()).map((mail) => [mail.to, mail.subject])).toEqual([
      ['rita.acme@mail.example', 'A passkey was removed from your .be registrar panel account'],
    ]);
    const history = await t.app.inject({ method: 'GET', url: '/services/registrar/history', headers: { authorization: `Bearer ${rita.access_token}` } });
    expect(history.body).toContain('Spare key');
  });
});

if (!keycloakTestUrl()) {
  describe('passkeys in Keycloak', () => {
    it.skip('is skipped: KEYCLOAK_URL is not set (`npm run test:keycloak` with `npm run keycloak` running)', () => {});
  });
}
