import KcAdmin from '@keycloak/keycloak-admin-client';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
const base = 'http://localhost:8180';
const master = new KcAdmin({ baseUrl: base, realmName: 'master' });
await master.auth({ grantType: 'password', clientId: 'admin-cli', username: 'admin', password: 'admin' });
const name = 'exp-' + Date.now();
const realm = JSON.parse(readFileSync('deploy/keycloak/registrar-panel-realm.json', 'utf8'));
realm.realm = name;
realm.adminPermissionsEnabled = true;
const ids = {};
for (const r of realm.roles.realm) { r.id = randomUUID(); ids[r.name] = r.id; }
for (const c of realm.clients) if (c.clientId === 'registrar-panel-directory') c.secret = 'sekret';
realm.users[0].clientRoles['realm-management'] = ['view-users', 'view-events'];
realm.clients.push({ clientId: 'admin-permissions', authorizationSettings: { policies: [
  { name: 'the portal directory', type: 'client', logic: 'POSITIVE', decisionStrategy: 'UNANIMOUS', config: { clients: '["registrar-panel-directory"]' } },
  { name: 'portal manages users', type: 'scope', logic: 'POSITIVE', decisionStrategy: 'UNANIMOUS', config: { defaultResourceType: 'Users', resources: '["Users"]', scopes: '["manage","map-roles"]', applyPolicies: '["the portal directory"]' } },
  { name: 'portal maps panel roles', type: 'scope', logic: 'POSITIVE', decisionStrategy: 'UNANIMOUS', config: { defaultResourceType: 'Roles', resources: JSON.stringify([ids.support, ids.tech, ids.finance]), scopes: '["map-role"]', applyPolicies: '["the portal directory"]' } },
] } });
try { await master.realms.create(realm); } catch (e) { console.log('import failed', e.response?.status, await e.response?.text?.()); process.exit(1); }
console.log('imported', name);
master.setConfig({ realmName: name });
const clients = await master.clients.find({ clientId: 'admin-permissions' });
console.log('ap clients', clients.length);
const sa = new KcAdmin({ baseUrl: base, realmName: name });
await sa.auth({ grantType: 'client_credentials', clientId: 'registrar-panel-directory', clientSecret: 'sekret' });
const t = async (label, f) => { try { const r = await f(); console.log('OK  ', label, JSON.stringify(r)?.slice(0, 100)); return r; } catch (e) { console.log('FAIL', label, e.response?.status ?? e.message); } };
const u = await t('create plain', () => sa.users.create({ username: 'x@a', email: 'x@a.example', firstName: 'X', lastName: 'Y', attributes: { registrar: ['a'] }, requiredActions: ['UPDATE_PASSWORD'] }));
await t('create with password', () => sa.users.create({ username: 'p@a', email: 'p@a.example', firstName: 'P', attributes: { registrar: ['a'] }, credentials: [{ type: 'password', value: 'a very long password', temporary: false }] }));
await t('reset password', () => sa.users.resetPassword({ id: u.id, credential: { type: 'password', value: 'another long password', temporary: false } }));
const avail = await t('available roles', () => sa.users.listAvailableRealmRoleMappings({ id: u.id }));
await t('list roles', () => sa.users.listRealmRoleMappings({ id: u.id }));
await t('composite roles', () => sa.users.listCompositeRealmRoleMappings({ id: u.id }));
await t('map tech', () => sa.users.addRealmRoleMappings({ id: u.id, roles: [{ id: ids.tech, name: 'tech' }] }));
await t('map admin', () => sa.users.addRealmRoleMappings({ id: u.id, roles: [{ id: ids.admin, name: 'admin' }] }));
await t('unmap tech', () => sa.users.delRealmRoleMappings({ id: u.id, roles: [{ id: ids.tech, name: 'tech' }] }));
const full = await t('find', () => sa.users.find({ q: 'registrar:a', briefRepresentation: false }));
await t('update', () => sa.users.update({ id: u.id }, { ...full[0], firstName: 'Z' }));
await t('credentials', () => sa.users.getCredentials({ id: u.id }));
await t('logout', () => sa.users.logout({ id: u.id }));
await t('events', () => sa.realms.findEvents({ realm: name, max: 1 }));
await t('groups of user', () => sa.users.listGroups({ id: u.id }));
await t('impersonate', () => sa.users.impersonation({ id: u.id }, { user: u.id, realm: name }));
const g = await master.groups.create({ name: 'admins' });
await master.groups.addRealmRoleMappings({ id: g.id, roles: [{ id: ids.admin, name: 'admin' }] });
await t('add to admin group', () => sa.users.addToGroup({ id: u.id, groupId: g.id }));
await t('roles list', () => sa.roles.find());
await t('clients', () => sa.clients.find());
await t('realm update', () => sa.realms.update({ realm: name }, { displayName: 'x' }));
await t('delete', () => sa.users.del({ id: u.id }));
await master.realms.del({ realm: name });
