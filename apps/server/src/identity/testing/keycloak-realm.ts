import KeycloakAdminClient from '@keycloak/keycloak-admin-client';
import { tokenRole, type PanelRole } from '@registrar-panel/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadConfig, type Config } from '../../config';
import { registrarAttribute } from '../directory/keycloak-user-directory';

/**
 * A real Keycloak for the Keycloak suite: KEYCLOAK_URL names it (`npm run keycloak` starts one;
 * `.ci/run` always does). The master realm's administrator (KEYCLOAK_ADMIN_USERNAME /
 * KEYCLOAK_ADMIN_PASSWORD, admin/admin by default, as `npm run keycloak` bootstraps it) imports
 * the project's realm file afresh for each suite, under a name of its own.
 */
export function keycloakTestUrl(): string | undefined {
  return process.env.KEYCLOAK_URL?.replace(/\/$/, '') || undefined;
}

/** The realm export, the single source of the realm's rules. */
export const realmExportPath = new URL('../../../../../deploy/keycloak/registrar-panel-realm.json', import.meta.url).pathname;

export interface RealmExport {
  realm: string;
  clients: { clientId: string; secret?: string; [key: string]: unknown }[];
  [key: string]: unknown;
}

export function readRealmExport(): RealmExport {
  return JSON.parse(readFileSync(realmExportPath, 'utf8')) as RealmExport;
}

/** The master realm's administrator, signed in afresh (its tokens live a minute). */
async function masterAdmin(baseUrl: string): Promise<KeycloakAdminClient> {
  const admin = new KeycloakAdminClient({ baseUrl, realmName: 'master' });
  await admin.auth({
    grantType: 'password',
    clientId: 'admin-cli',
    username: process.env.KEYCLOAK_ADMIN_USERNAME ?? 'admin',
    password: process.env.KEYCLOAK_ADMIN_PASSWORD ?? 'admin',
  });
  return admin;
}

export interface SeedUser {
  /** `name@registrar`; Keycloak keeps it in lower case. */
  username: string;
  name: string;
  email: string;
  roles: PanelRole[];
  password: string;
}

export interface TestRealm {
  baseUrl: string;
  name: string;
  issuer: string;
  /** The secret of the directory's service-account client in this realm. */
  directorySecret: string;
  /** The master administrator, working in this realm. */
  admin(): Promise<KeycloakAdminClient>;
  /** A user with a password, the registrar attribute and realm roles; they enrol TOTP at their first sign-in. */
  seedUser(user: SeedUser): Promise<string>;
  remove(): Promise<void>;
}

/**
 * Imports the project's realm file as a new realm, as a registry would, with the portal's address
 * in place of the export's, Keycloak's SMTP pointed at `smtpPort` on loopback and a fresh secret
 * for the directory's client.
 */
export async function createTestRealm(options: { publicUrl: string; smtpPort: number }): Promise<TestRealm> {
  const baseUrl = keycloakTestUrl();
  if (!baseUrl) throw new Error('KEYCLOAK_URL is not set');
  const name = `rp-${randomBytes(4).toString('hex')}`;
  const directorySecret = randomBytes(24).toString('base64url');
  let text = readFileSync(realmExportPath, 'utf8').replaceAll('http://localhost:8080', options.publicUrl);
  // The export names its roles by fixed ids (the admin permissions refer to them); ids are unique
  // across a Keycloak's realms, so each test realm gets its own, everywhere the file names them.
  for (const { id } of (JSON.parse(text) as { roles: { realm: { id?: string }[] } }).roles.realm) if (id) text = text.replaceAll(id, randomUUID());
  const realm = JSON.parse(text) as RealmExport;
  realm.realm = name;
  // Passkeys belong to the portal's host, as `npm run keycloak` sets it (the export says localhost).
  realm.webAuthnPolicyRpId = new URL(options.publicUrl).hostname;
  realm.smtpServer = {
    host: '127.0.0.1',
    port: String(options.smtpPort),
    from: 'no-reply@registry.example',
    fromDisplayName: '.be registrar panel',
    starttls: 'false',
    auth: 'false',
    ssl: 'false',
  };
  for (const client of realm.clients) if (client.clientId === 'registrar-panel-directory') client.secret = directorySecret;
  await (await masterAdmin(baseUrl)).realms.create(realm);

  async function admin() {
    const client = await masterAdmin(baseUrl!);
    client.setConfig({ realmName: name });
    return client;
  }

  return {
    baseUrl,
    name,
    issuer: `${baseUrl}/realms/${name}`,
    directorySecret,
    admin,
    async seedUser(user) {
      const client = await admin();
      const [firstName = '', ...rest] = user.name.split(' ');
      const { id } = await client.users.create({
        username: user.username,
        enabled: true,
        email: user.email,
        emailVerified: true,
        firstName,
        lastName: rest.join(' '),
        attributes: { [registrarAttribute]: [user.username.split('@')[1] ?? ''] },
        credentials: [{ type: 'password', value: user.password, temporary: false }],
      });
      const wanted = new Set(user.roles.map(tokenRole));
      const roles = (await client.users.listAvailableRealmRoleMappings({ id })).filter((role) => role.name && wanted.has(role.name));
      await client.users.addRealmRoleMappings({ id, roles: roles.map((role) => ({ id: role.id!, name: role.name! })) });
      return id;
    },
    async remove() {
      await (await masterAdmin(baseUrl)).realms.del({ realm: name });
    },
  };
}

/** The portal's identity settings in Keycloak mode against a test realm, as the Keycloak suite's apps run with them. */
export function keycloakModeIdentity(realm: TestRealm, publicUrl: string): Config['identity'] {
  return loadConfig({
    DATA_DIR: '/nonexistent',
    PUBLIC_URL: publicUrl,
    WEB_DIST_DIR: '/nonexistent',
    DEMO_MODE: 'true',
    IDENTITY_MODE: 'keycloak',
    OIDC_AUTH_URL: realm.baseUrl,
    OIDC_REALM: realm.name,
    OIDC_DIRECTORY_CLIENT_SECRET: realm.directorySecret,
  }).identity;
}
