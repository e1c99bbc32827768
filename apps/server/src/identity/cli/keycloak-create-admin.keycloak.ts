import KeycloakAdminClient from '@keycloak/keycloak-admin-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keycloakAdmin } from '../directory/keycloak-admin';
import { createTestRealm, keycloakTestUrl, type TestRealm } from '../testing/keycloak-realm';
import { formsOf, PageSession, walkPages } from '../testing/keycloak-pages';
import { linkIn, startSmtpListener, type SmtpListener } from '../testing/smtp-listener';
import { createKeycloakAdmin } from './keycloak-create-admin';

/*
 * `npm run create-admin:keycloak`: the registry makes a registrar's first ADMIN in Keycloak as a
 * Keycloak administrator; the portal's own client cannot.
 */
describe.skipIf(!keycloakTestUrl())('the first ADMIN in Keycloak mode (real Keycloak at KEYCLOAK_URL)', () => {
  let smtp: SmtpListener;
  let realm: TestRealm;
  const portalUrl = 'http://portal.test';

  beforeAll(async () => {
    smtp = await startSmtpListener();
    realm = await createTestRealm({ publicUrl: portalUrl, smtpPort: smtp.port });
  });
  afterAll(async () => {
    await realm?.remove();
    await smtp?.close();
  });

  it('creates name@registrar with the role admin and the registrar attribute; Keycloak mails the activation, which leads to the password page', async () => {
    const admin = await realm.admin();
    expect(await createKeycloakAdmin(admin, { username: 'Admin@Gamma', name: 'Gina Gamma Admin', email: 'gina@gamma.example' })).toBe('created');
    const [user] = await admin.users.find({ username: 'admin@gamma', exact: true, briefRepresentation: false });
    expect(user).toMatchObject({ firstName: 'Gina', lastName: 'Gamma Admin', email: 'gina@gamma.example', attributes: { registrar: ['gamma'] } });
    expect(user?.requiredActions?.sort()).toEqual(['CONFIGURE_TOTP', 'UPDATE_PASSWORD']);
    expect((await admin.users.listRealmRoleMappings({ id: user!.id! })).map((role) => role.name)).toContain('admin');
    const mail = await smtp.waitFor('gina@gamma.example', 'Choose your Registrar Panel password');
    const session = new PageSession(portalUrl);
    const last = await walkPages(session, await session.get(linkIn(mail, 'action-token')), { username: '', password: '', newPassword: '' });
    expect(formsOf(last.html).some((form) => form.fields.has('password-new'))).toBe(true);

    // Again before activation: a new link; an active or non-admin account is refused.
    const before = smtp.received.length;
    expect(await createKeycloakAdmin(admin, { username: 'admin@gamma', name: 'Gina Gamma Admin', email: 'gina@gamma.example' })).toBe('activation-resent');
    await smtp.waitFor('gina@gamma.example', 'Choose your Registrar Panel password', before);
    await realm.seedUser({ username: 'tech@gamma', name: 'Ted Tech', email: 'ted@gamma.example', roles: ['TECH'], password: 'a long enough password' });
    await expect(createKeycloakAdmin(admin, { username: 'tech@gamma', name: 'Ted Tech', email: 'ted@gamma.example' })).rejects.toThrow(/exists already/);
    await expect(createKeycloakAdmin(admin, { username: 'nohandle', name: 'No One', email: 'no@one.example' })).rejects.toThrow(/name@\{registrar handle\}/);
  });

  it('works for a master-realm user holding only the roles deploy/keycloak/README.md names, which cannot change the realm itself', async () => {
    // The narrowly scoped administrator the production guide asks for in place of the bootstrap one.
    const master = await realm.admin();
    master.setConfig({ realmName: 'master' });
    const [management] = await master.clients.find({ clientId: `${realm.name}-realm` });
    const roles = (await master.clients.listRoles({ id: management!.id! })).filter((role) =>
      ['view-clients', 'view-users', 'view-realm', 'manage-users'].includes(role.name ?? ''),
    );
    const username = `provisioner-${realm.name}`.toLowerCase();
    const password = 'a long random provisioner password';
    const { id } = await master.users.create({
      username,
      enabled: true,
      email: `${username}@registry.example`,
      emailVerified: true,
      firstName: 'Registrar Panel',
      lastName: 'Provisioner',
      credentials: [{ type: 'password', value: password, temporary: false }],
    });
    try {
      await master.users.addClientRoleMappings({ id, clientUniqueId: management!.id!, roles: roles.map((role) => ({ id: role.id!, name: role.name! })) });
      const narrow = new KeycloakAdminClient({ baseUrl: realm.baseUrl, realmName: 'master' });
      await narrow.auth({ grantType: 'password', clientId: 'admin-cli', username, password });
      narrow.setConfig({ realmName: realm.name });
      expect(await createKeycloakAdmin(narrow, { username: 'admin@epsilon', name: 'Eve Epsilon', email: 'eve@epsilon.example' })).toBe('created');
      expect(await createKeycloakAdmin(narrow, { username: 'admin@epsilon', name: 'Eve Epsilon', email: 'eve@epsilon.example' })).toBe('activation-resent');
      // Nothing beyond users: not the realm's settings, nor its clients.
      await expect(narrow.realms.update({ realm: realm.name }, { displayName: 'changed' })).rejects.toMatchObject({ response: { status: 403 } });
      await expect(narrow.clients.create({ clientId: 'intruder' })).rejects.toMatchObject({ response: { status: 403 } });
    } finally {
      await master.users.del({ id });
    }
  });

  it("is out of the portal's reach: its client cannot make an ADMIN", async () => {
    const portal = keycloakAdmin({ authUrl: realm.baseUrl, realm: realm.name, clientId: 'registrar-panel-directory', clientSecret: realm.directorySecret });
    // Its client may not even read the realm's clients, nor give admin.
    await expect(createKeycloakAdmin(portal, { username: 'admin@delta', name: 'Dan Delta', email: 'dan@delta.example' })).rejects.toMatchObject({
      response: { status: 403 },
    });
  });
});

if (!keycloakTestUrl()) {
  describe('the first ADMIN in Keycloak mode', () => {
    it.skip('is skipped: KEYCLOAK_URL is not set (`npm run test:keycloak` with `npm run keycloak` running)', () => {});
  });
}
