/*
 * `npm run create-admin:keycloak -- USERNAME "Full Name" EMAIL`: in Keycloak mode, how the registry
 * creates the first ADMIN of a registrar, as a Keycloak administrator (KEYCLOAK_ADMIN_USERNAME and
 * KEYCLOAK_ADMIN_PASSWORD, of the master realm; admin/admin as `npm run keycloak` starts it) in
 * OIDC_REALM (registrar-panel) at OIDC_AUTH_URL (http://localhost:8180). Keycloak mails the
 * activation link through the realm's mail server. Run again while the user has not activated, it
 * mails a new link.
 */
import KeycloakAdminClient from '@keycloak/keycloak-admin-client';
import { createKeycloakAdmin } from './keycloak-create-admin';

const [username = '', name = '', email = ''] = process.argv.slice(2);
if (!username || !name || !email) {
  console.error(
    'Usage: npm run create-admin:keycloak -- USERNAME "Full Name" EMAIL   (e.g. npm run create-admin:keycloak -- admin@acme "Alice Admin" alice@acme.example)',
  );
  process.exit(2);
}

const baseUrl = (process.env.OIDC_AUTH_URL ?? 'http://localhost:8180').replace(/\/$/, '');
const realm = process.env.OIDC_REALM ?? 'registrar-panel';
try {
  const admin = new KeycloakAdminClient({ baseUrl, realmName: 'master' });
  await admin.auth({
    grantType: 'password',
    clientId: 'admin-cli',
    username: process.env.KEYCLOAK_ADMIN_USERNAME ?? 'admin',
    password: process.env.KEYCLOAK_ADMIN_PASSWORD ?? 'admin',
  });
  admin.setConfig({ realmName: realm });
  const outcome = await createKeycloakAdmin(admin, { username, name, email });
  console.log(
    outcome === 'created'
      ? `Created ${username.toLowerCase()} (admin) in the realm ${realm}; Keycloak mailed the activation link to ${email}.`
      : `${username.toLowerCase()} has not activated yet: Keycloak mailed a new activation link to ${email}.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
