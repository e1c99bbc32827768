import type KeycloakAdminClient from '@keycloak/keycloak-admin-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRealm, keycloakTestUrl, readRealmExport, type TestRealm } from '../testing/keycloak-realm';
import { keycloakAdmin, keycloakStatusOf } from './keycloak-admin';
import { localeAttribute } from './keycloak-user-directory';

/*
 * What the portal's directory client may do in Keycloak is one list in the realm export: roles of
 * realm-management held by its service account, and the fine-grained admin permissions of the
 * admin-permissions client that name it. Each probe below is one admin call and the rights it needs;
 * with the realm file imported into a real Keycloak, the portal's credentials succeed exactly at the
 * probes the list covers and are refused the others. Work that needs more adds a right to the list
 * and a probe here.
 */

interface Permission {
  type: string;
  config: { defaultResourceType?: string; resources?: string; scopes?: string; applyPolicies?: string; clients?: string };
  name: string;
}

/** The list, as rights such as `realm-management:view-users`, `Users:manage`, `Roles:map-role:tech`. */
function rightsInExport(): string[] {
  const realm = readRealmExport() as ReturnType<typeof readRealmExport> & {
    users: { serviceAccountClientId?: string; clientRoles?: Record<string, string[]> }[];
    roles: { realm: { id: string; name: string }[] };
  };
  const account = realm.users.find((user) => user.serviceAccountClientId === 'registrar-panel-directory');
  const rights = (account?.clientRoles?.['realm-management'] ?? []).map((role) => `realm-management:${role}`);
  const settings = realm.clients.find((client) => client.clientId === 'admin-permissions')?.authorizationSettings as { policies?: Permission[] } | undefined;
  const policies = settings?.policies ?? [];
  const ours = new Set(
    policies
      .filter((policy) => policy.type === 'client' && (JSON.parse(policy.config.clients ?? '[]') as string[]).includes('registrar-panel-directory'))
      .map((p) => p.name),
  );
  const roleName = new Map(realm.roles.realm.map((role) => [role.id, role.name]));
  for (const permission of policies.filter((policy) => policy.type === 'scope')) {
    const applies = JSON.parse(permission.config.applyPolicies ?? '[]') as string[];
    // Admin permissions are unanimous: a permission counts for the portal only when every policy is the portal's.
    if (applies.length === 0 || !applies.every((name) => ours.has(name))) continue;
    const type = permission.config.defaultResourceType ?? '';
    const resources = JSON.parse(permission.config.resources ?? '[]') as string[];
    for (const scope of JSON.parse(permission.config.scopes ?? '[]') as string[]) {
      if (type === 'Roles') for (const id of resources) rights.push(`Roles:${scope}:${roleName.get(id) ?? id}`);
      else if (resources.length === 1 && resources[0] === type) rights.push(`${type}:${scope}`);
      else for (const id of resources) rights.push(`${type}:${scope}:${id}`);
    }
  }
  return rights.sort();
}

/** The list as it stands; a change to the realm export's rights shows here first. */
const expectedList = [
  'Roles:map-role:finance',
  'Roles:map-role:support',
  'Roles:map-role:tech',
  'Users:manage',
  'Users:map-roles',
  'realm-management:view-events',
  'realm-management:view-realm',
  'realm-management:view-users',
];

describe.skipIf(!keycloakTestUrl())("the portal's Keycloak client can do exactly the realm export's list (real Keycloak at KEYCLOAK_URL)", () => {
  let realm: TestRealm;
  let portal: KeycloakAdminClient;
  let master: KeycloakAdminClient;
  const roleIds: Record<string, string> = {};
  let adminsGroup = '';
  let target = '';
  let keyholder = '';

  beforeAll(async () => {
    realm = await createTestRealm({ publicUrl: 'http://portal.test', smtpPort: 1 });
    master = await realm.admin();
    for (const role of await master.roles.find()) if (role.name && role.id) roleIds[role.name] = role.id;
    // A group through which a registry could grant admin.
    adminsGroup = (await master.groups.create({ name: 'registrar-admins' })).id;
    await master.groups.addRealmRoleMappings({ id: adminsGroup, roles: [{ id: roleIds.admin!, name: 'admin' }] });
    target = await realm.seedUser({
      username: 'target@acme',
      name: 'Tara Get',
      email: 'target@acme.example',
      roles: ['TECH'],
      password: 'a long enough password',
    });
    // A user with a passkey (Keycloak's user import takes the credential), for the passkey probes.
    keyholder = (
      await master.users.create({
        username: 'keyholder@acme',
        enabled: true,
        email: 'keyholder@acme.example',
        firstName: 'Key',
        lastName: 'Holder',
        attributes: { registrar: ['acme'] },
        credentials: [{ type: 'webauthn', userLabel: 'Laptop', secretData: '{}', credentialData: JSON.stringify({ credentialId: 'AAEC', counter: 0 }) }],
      })
    ).id;
    portal = keycloakAdmin({ authUrl: realm.baseUrl, realm: realm.name, clientId: 'registrar-panel-directory', clientSecret: realm.directorySecret });
  });
  afterAll(async () => {
    await realm?.remove();
  });

  const role = (name: string) => ({ id: roleIds[name]!, name });
  let created = 0;
  const newUser = (extra: Record<string, unknown> = {}) =>
    portal.users.create({
      username: `new${++created}@acme`,
      email: `new${created}@acme.example`,
      firstName: 'New',
      attributes: { registrar: ['acme'] },
      ...extra,
    });

  /** Each admin call the probes make, with the rights it needs. */
  const probes: { call: string; needs: string[]; run: () => Promise<unknown> }[] = [
    { call: 'find users', needs: ['realm-management:view-users'], run: () => portal.users.find({ q: 'registrar:acme' }) },
    { call: "read a user's roles", needs: ['realm-management:view-users'], run: () => portal.users.listCompositeRealmRoleMappings({ id: target }) },
    {
      call: "list a role's users and groups",
      needs: ['realm-management:view-realm', 'realm-management:view-users'],
      run: () => portal.roles.findUsersWithRole({ name: 'tech', briefRepresentation: true }),
    },
    { call: 'read sign-in events', needs: ['realm-management:view-events'], run: () => portal.realms.findEvents({ realm: realm.name, max: 1 }) },
    { call: 'create a user', needs: ['Users:manage'], run: () => newUser() },
    {
      call: 'edit a user',
      needs: ['Users:manage'],
      run: async () => portal.users.update({ id: target }, { ...(await master.users.findOne({ id: target })), firstName: 'Tess' }),
    },
    { call: "end a user's sessions", needs: ['Users:manage'], run: () => portal.users.logout({ id: target }) },
    // My account lists the caller's own sessions (and ends one with DELETE /sessions/{id}, which needs the Users manage above).
    { call: "list a user's sessions", needs: ['realm-management:view-users'], run: () => portal.users.listSessions({ id: target }) },
    {
      // The user's language is Keycloak's own locale attribute, which its user profile takes only with
      // the realm's internationalisation on; otherwise Keycloak drops it without an error: read it back.
      call: "set a user's language (the locale attribute)",
      needs: ['Users:manage'],
      run: async () => {
        const user = await master.users.findOne({ id: target });
        await portal.users.update({ id: target }, { ...user, attributes: { ...user?.attributes, [localeAttribute]: ['fr'] } });
        const stored: unknown = (await master.users.findOne({ id: target }))?.attributes?.[localeAttribute];
        if (JSON.stringify(stored) !== '["fr"]') throw new Error(`the locale attribute was not kept: ${JSON.stringify(stored)}`);
      },
    },
    // Passkeys on My account and in the user list (issue 33): listed, removed, put ahead of the code, required.
    { call: "list a user's credentials", needs: ['realm-management:view-users'], run: () => portal.users.getCredentials({ id: keyholder }) },
    {
      call: "put a user's credential first",
      needs: ['Users:manage'],
      run: async () => {
        const [first] = await master.users.getCredentials({ id: target });
        await portal.users.moveCredentialPositionUp({ id: target, credentialId: first?.id ?? '' });
      },
    },
    {
      call: "remove a user's passkey",
      needs: ['Users:manage'],
      run: async () => {
        const passkey = (await master.users.getCredentials({ id: keyholder })).find((credential) => credential.type === 'webauthn');
        await portal.users.deleteCredential({ id: keyholder, credentialId: passkey?.id ?? '' });
      },
    },
    {
      call: 'require a passkey at the next sign-in (required action webauthn-register)',
      needs: ['Users:manage'],
      run: async () => portal.users.update({ id: target }, { ...(await master.users.findOne({ id: target })), requiredActions: ['webauthn-register'] }),
    },
    // Keycloak 26.5 lets whoever manages a user set their password: no permission separates the two.
    {
      call: "set a user's password",
      needs: ['Users:manage'],
      run: () => portal.users.resetPassword({ id: target, credential: { type: 'password', value: 'another long password', temporary: false } }),
    },
    ...(['support', 'tech', 'finance', 'admin'] as const).map((name) => ({
      call: `give the role ${name}`,
      needs: ['Users:map-roles', `Roles:map-role:${name}`],
      run: async () => portal.users.addRealmRoleMappings({ id: (await newUser()).id, roles: [role(name)] }),
    })),
    {
      call: 'put a user in a group',
      needs: ['Users:manage-group-membership', `Groups:manage-membership:${'registrar-admins'}`],
      run: () => portal.users.addToGroup({ id: target, groupId: adminsGroup }),
    },
    { call: 'impersonate a user', needs: ['Users:impersonate'], run: () => portal.users.impersonation({ id: target }, { user: target, realm: realm.name }) },
    { call: 'create a role', needs: ['realm-management:manage-realm'], run: () => portal.roles.create({ name: 'superuser' }) },
    { call: 'list the roles', needs: ['realm-management:view-realm'], run: () => portal.roles.find() },
    { call: 'create a group', needs: ['realm-management:manage-users'], run: () => portal.groups.create({ name: 'mine' }) },
    { call: 'list the clients', needs: ['realm-management:view-clients'], run: () => portal.clients.find() },
    {
      call: 'change the realm',
      needs: ['realm-management:manage-realm'],
      run: () => portal.realms.update({ realm: realm.name }, { displayName: 'Taken over' }),
    },
  ];

  it('the list in the realm export is the one this test probes', () => {
    expect(rightsInExport()).toEqual(expectedList);
  });

  it.each(probes)('$call: allowed exactly when the list holds $needs', async ({ needs, run }) => {
    const list = rightsInExport();
    const allowed = needs.every((right) => list.includes(right));
    const outcome = await run().then(
      () => 'allowed',
      (error: unknown) => (keycloakStatusOf(error) === 403 ? 'refused' : `failed: ${String(error)}`),
    );
    expect(outcome).toBe(allowed ? 'allowed' : 'refused');
  });

  it('refuses to give admin, directly or through a group that holds it: no user it makes or edits becomes an administrator', async () => {
    const refused = (promise: Promise<unknown>) =>
      promise.then(
        () => 'allowed',
        (error: unknown) => keycloakStatusOf(error) ?? String(error),
      );
    const { id } = await newUser();
    expect(await refused(portal.users.addRealmRoleMappings({ id, roles: [role('admin')] }))).toBe(403);
    expect(await refused(portal.users.addToGroup({ id, groupId: adminsGroup }))).toBe(403);
    expect(await refused(portal.users.addToGroup({ id: target, groupId: adminsGroup }))).toBe(403);
    for (const user of await master.users.find({ q: 'registrar:acme', max: 100 })) {
      const roles = (await master.users.listCompositeRealmRoleMappings({ id: user.id! })).map((r) => r.name);
      expect(roles, user.username).not.toContain('admin');
    }
  });
});

if (!keycloakTestUrl()) {
  describe("the portal's Keycloak client's rights", () => {
    it.skip('is skipped: KEYCLOAK_URL is not set (`npm run test:keycloak` with `npm run keycloak` running)', () => {});
  });
}
