import type KeycloakAdminClient from '@keycloak/keycloak-admin-client';
import { assignableRoles, tokenRole } from '@registrar-panel/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { moveEmailChange } from './email-change';
import { ActivationByRegistryError } from './user-directory';

type UserRepresentation = NonNullable<Awaited<ReturnType<KeycloakAdminClient['users']['findOne']>>>;
type Account = UserRepresentation & { id: string; username: string };

/*
 * Keycloak keeps no list of the action tokens it mails: an activation link stays valid until it is
 * used or expires, and names the user by id. For a new activation mail to void the earlier ones, as
 * the UserDirectory port promises, the account that never activated is replaced by a copy under a
 * new id (docs/decisions.md, "Resending the activation in Keycloak"). Keycloak refuses to rename a
 * user (the realm does not let usernames be edited), so the old account goes first and the copy is
 * made from what was read before; if making it fails, it is tried once more.
 *
 * The portal's client may give only the roles a registrar gives (support, tech, finance) and may not
 * put users in groups (the realm export's admin permissions): an account holding anything else, such
 * as an administrator the registry created, or one in a group, could not be copied whole: it is left
 * as it is (ActivationByRegistryError, before anything changes) and the registry sends its activation.
 */

/** The realm roles a copy gets back: those the portal gives. Keycloak gives the realm's default roles itself. */
const portalRoles = new Set<string>(assignableRoles.map(tokenRole));
const isDefaultRoles = (name: string, realm: string) => name === `default-roles-${realm}`;

/** What a copy keeps: everything the portal and the realm's user profile hold of an account that never signed in. */
function copyOf(account: Account): UserRepresentation {
  return {
    username: account.username,
    email: account.email,
    emailVerified: account.emailVerified,
    firstName: account.firstName,
    lastName: account.lastName,
    enabled: account.enabled,
    attributes: account.attributes,
    requiredActions: account.requiredActions,
    // The creation time bounds the user's activity in the portal (users.service): the copy keeps it.
    createdTimestamp: account.createdTimestamp,
  };
}

async function makeCopy(admin: KeycloakAdminClient, account: Account, roles: { id: string; name: string }[]): Promise<string> {
  const existing = await admin.users.find({ username: account.username, exact: true });
  const id = existing[0]?.id ?? (await admin.users.create(copyOf(account))).id;
  const held = new Set((await admin.users.listRealmRoleMappings({ id })).map((role) => role.name));
  const missing = roles.filter((role) => !held.has(role.name));
  if (missing.length > 0) await admin.users.addRealmRoleMappings({ id, roles: missing });
  return id;
}

/**
 * Replaces an account awaiting activation by a copy under a new id, so that every link Keycloak
 * mailed for it stops working, and returns the copy's id; an account that has activated meanwhile is
 * left as it is (null). Replacements of one username wait for each other (an advisory lock in the
 * portal's database), so parallel resends, even on several instances, each replace the latest copy.
 * `mail` runs under the same lock, so the last link mailed is the one that works.
 */
export async function replacePendingAccount(
  admin: KeycloakAdminClient,
  db: Db,
  find: (username: string) => Promise<Account | null>,
  username: string,
  mail: (id: string) => Promise<void>,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('registrar-panel:keycloak-activation'), hashtext(${username.toLowerCase()}))`);
    const account = await find(username);
    if (!account || !(account.requiredActions ?? []).includes('UPDATE_PASSWORD')) return null;
    const credentials = await admin.users.getCredentials({ id: account.id });
    if (credentials.some((credential) => credential.type === 'password')) return null;
    const realm = admin.realmName;
    const roles = (await admin.users.listRealmRoleMappings({ id: account.id })).filter(
      (role): role is typeof role & { id: string; name: string } =>
        typeof role.id === 'string' && typeof role.name === 'string' && !isDefaultRoles(role.name, realm),
    );
    const groups = await admin.users.listGroups({ id: account.id });
    const foreign = [...roles.map((role) => role.name).filter((name) => !portalRoles.has(name)), ...groups.map((group) => `group ${group.name ?? ''}`)];
    if (foreign.length > 0) throw new ActivationByRegistryError(`${username} holds what the portal cannot give back: ${foreign.join(', ')}`);
    await admin.users.del({ id: account.id });
    let id: string;
    try {
      id = await makeCopy(admin, account, roles);
    } catch {
      id = await makeCopy(admin, account, roles);
    }
    // The portal's records of the account are keyed by its id: they follow the copy.
    await moveEmailChange(tx, account.id, id);
    await mail(id);
    return id;
  });
}
