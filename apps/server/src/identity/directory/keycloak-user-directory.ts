import type KeycloakAdminClient from '@keycloak/keycloak-admin-client';
import { matchLanguage, panelRoles, panelRolesFromToken, registrarHandleOf, tokenRole, type PanelRole, type SignInOutcome } from '@registrar-panel/contract';
import type { Config } from '../../config';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { Outbox } from '../../mail/outbox';
import { splitName } from '../provider/token-claims';
import { linkTokenTtlMs } from '../account-links/link-tokens';
import { keycloakStatusOf } from './keycloak-admin';
import { replacePendingAccount } from './keycloak-pending-account';
import { refusedSessionIds } from './directory.repository';
import { accountAddresses, mailTo, noteEmailChange, sameAddress } from './email-change';
import { mailContextOf, mailLanguageOf, totpResetMail } from './identity-mail';
import type { CreateUserOutcome, DirectoryUser, NewDirectoryUser, SignInRecord, UserDirectory, UserSecondFactors } from './user-directory';

type UserRepresentation = NonNullable<Awaited<ReturnType<KeycloakAdminClient['users']['findOne']>>>;
type RoleRepresentation = Awaited<ReturnType<KeycloakAdminClient['users']['listRealmRoleMappings']>>[number];
type CredentialRepresentation = Awaited<ReturnType<KeycloakAdminClient['users']['getCredentials']>>[number];

/** The user attribute that names a user's registrar (the realm's user profile lets only admins edit it). */
export const registrarAttribute = 'registrar';

/**
 * The user attribute that holds a user's access end day (`YYYY-MM-DD`, Brussels), declared in the
 * realm's user profile; Keycloak itself does not read it: the portal's access-end job disables the
 * user once the day has passed (jobs/access-end.ts).
 */
export const accessEndAttribute = 'accessEnd';

/**
 * Keycloak's own user attribute for the user's language: its pages and mails follow it, and its
 * `locale` token mapper puts it in the tokens. The portal reads and writes it there and keeps no copy.
 */
export const localeAttribute = 'locale';

/**
 * The user attribute (`true` or absent) the portal sets on each user of a registrar that requires
 * passkeys, declared in the realm's user profile (admins only). The realm's browser flow reads it:
 * set, the second step is the passkey alone, or for a user without one the code and then Keycloak's
 * `webauthn-register` (the "Passkeys required" sub-flows); absent, the passkey or the code.
 */
export const passkeysRequiredAttribute = 'passkeysRequired';

/** How many users (or groups) one page of a role's holders holds. */
const rolePageSize = 1000;

/** How many users one page of the access-end job's walk through the realm holds. */
const accessEndPageSize = 500;

/**
 * Keycloak's required action (and application-initiated action) that adds a passkey on its pages.
 * The portal never sets it on a user: the realm's "Passkeys required" sub-flow asks for it, and the
 * web sends My account to it (`kc_action`, lib/auth.ts). The realm test checks that the export enables it.
 */
export const passkeyEnrolmentAction = 'webauthn-register';

/** Keycloak's credential types of the second step: a passkey (WebAuthn, not passwordless) and TOTP. */
const passkeyType = 'webauthn';
const totpType = 'otp';

/** How many users' credentials `secondFactorsOf` asks Keycloak for at the same time. */
const credentialReadsAtOnce = 8;

/** What a new user does through the activation mail: choose a password, then enrol TOTP. */
export const activationActions = ['UPDATE_PASSWORD', 'CONFIGURE_TOTP'];

/** Keycloak's login failures, in the words the activity list uses (the embedded service's outcomes). */
const outcomeOfError: Record<string, SignInOutcome> = {
  invalid_user_credentials: 'wrongPassword',
  invalid_authenticator: 'wrongCode',
  user_temporarily_disabled: 'locked',
  user_disabled: 'disabled',
};

/**
 * An address as the portal shows it: Keycloak (Java) writes IPv6 in full (`0:0:0:0:0:0:0:1`), the
 * embedded service as Node gives it (`::1`). The URL parser writes the short form.
 */
export function shortAddress(ip: string | undefined): string | null {
  if (!ip) return null;
  if (!ip.includes(':')) return ip;
  try {
    return new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  } catch {
    return ip;
  }
}

/** The portal's single name from Keycloak's first and last name (the reverse of `splitName`). */
function nameOf(user: UserRepresentation): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

export interface KeycloakDirectoryOptions {
  admin: KeycloakAdminClient;
  /**
   * Notices the portal writes itself (the TOTP reset notice) go through the portal's outbox; the
   * change is Keycloak's, so the mail is queued on its own once Keycloak has made it.
   */
  db: Db;
  outbox: Outbox;
  config: Config;
}

/** Thrown when Keycloak could not send a mail it was asked to; the caller tells the user. */
export class KeycloakMailError extends Error {}

/**
 * Panel users in the registry's Keycloak, through its admin REST API as the portal's service
 * account. A user belongs to the registrar its `registrar` attribute names, and that always equals
 * its username's suffix: a user where they differ (edited by hand in Keycloak) belongs to no
 * registrar and is not found. Keycloak mails the activation and password links itself.
 */
export function keycloakUserDirectory(options: KeycloakDirectoryOptions): UserDirectory {
  const { admin, config } = options;
  const webClient = config.identity.clientId;
  const portalHome = `${config.publicUrl}/`;

  /** The first value of a user attribute; Keycloak's types leave attributes untyped: a list of strings per name. */
  function attributeOf(user: UserRepresentation, name: string): string | undefined {
    const values: unknown = user.attributes?.[name];
    const value = Array.isArray(values) ? (values as unknown[])[0] : undefined;
    return typeof value === 'string' ? value : undefined;
  }

  function accessEndOf(user: UserRepresentation): string | null {
    const value = attributeOf(user, accessEndAttribute);
    return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  }

  function belongsToItsRegistrar(user: UserRepresentation): user is UserRepresentation & { id: string; username: string } {
    const registrar = attributeOf(user, registrarAttribute);
    return typeof user.id === 'string' && typeof user.username === 'string' && typeof registrar === 'string' && registrarHandleOf(user.username) === registrar;
  }

  async function rolesOf(id: string): Promise<PanelRole[]> {
    // Effective roles, as the tokens carry them (a registry may grant them through groups).
    const mappings = await admin.users.listCompositeRealmRoleMappings({ id });
    return panelRolesFromToken(mappings.map((role) => role.name));
  }

  /** A GET of the admin API that the admin client does not offer (a role's groups), as the same service account. */
  async function adminGet<T>(path: string): Promise<T> {
    const url = `${admin.baseUrl}/admin/realms/${encodeURIComponent(admin.realmName)}${path}`;
    const response = await fetch(url, { headers: { authorization: `Bearer ${(await admin.getAccessToken()) ?? ''}` }, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`Keycloak answered ${response.status} to GET ${path}`);
    return (await response.json()) as T;
  }

  /** Every page of a listing (Keycloak's `first`/`max`), as long as pages come full. */
  async function allPages<T>(page: (first: number, max: number) => Promise<T[]>): Promise<T[]> {
    const all: T[] = [];
    for (let first = 0; ; first += rolePageSize) {
      const items = await page(first, rolePageSize);
      all.push(...items);
      if (items.length < rolePageSize) return all;
    }
  }

  /** The ids of the users holding a realm role directly or through a group (and its subgroups). */
  async function holdersOf(role: string): Promise<Set<string>> {
    const [direct, groups] = await Promise.all([
      allPages((first, max) => admin.roles.findUsersWithRole({ name: role, first, max, briefRepresentation: true })),
      allPages((first, max) => adminGet<{ id?: string }[]>(`/roles/${encodeURIComponent(role)}/groups?first=${first}&max=${max}&briefRepresentation=true`)),
    ]);
    const holders = new Set(direct.flatMap((user) => (user.id ? [user.id] : [])));
    const pending = groups.flatMap((group) => (group.id ? [group.id] : []));
    for (const seen = new Set<string>(); pending.length > 0;) {
      const id = pending.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const [members, children] = await Promise.all([
        allPages((first, max) => admin.groups.listMembers({ id, first, max, briefRepresentation: true })),
        allPages((first, max) => admin.groups.listSubGroups({ parentId: id, first, max, briefRepresentation: true })),
      ]);
      for (const member of members) if (member.id) holders.add(member.id);
      for (const child of children) if (child.id) pending.push(child.id);
    }
    return holders;
  }

  /**
   * The panel roles of many users at once: one listing per role (its users, its groups and their
   * members), whatever the number of users, where asking each user's roles made a call per user.
   */
  async function panelRolesOfAll(): Promise<(id: string) => PanelRole[]> {
    const holders = await Promise.all(panelRoles.map(async (role) => [role, await holdersOf(tokenRole(role))] as const));
    return (id) => holders.filter(([, ids]) => ids.has(id)).map(([role]) => role);
  }

  async function toDirectoryUser(
    user: UserRepresentation & { id: string; username: string },
    rolesOfUser?: (id: string) => PanelRole[],
  ): Promise<DirectoryUser> {
    const requiredActions = user.requiredActions ?? [];
    return {
      id: user.id,
      username: user.username,
      registrarHandle: registrarHandleOf(user.username),
      name: nameOf(user),
      email: user.email ?? '',
      roles: rolesOfUser ? rolesOfUser(user.id) : await rolesOf(user.id),
      state: user.enabled === false ? 'disabled' : requiredActions.includes('UPDATE_PASSWORD') ? 'awaiting_activation' : 'active',
      accessEnd: accessEndOf(user),
      hasTotp: user.totp === true,
      // Keycloak may hold a region (`nl_BE`) or a language the portal does not speak: the portal's own, or none.
      language: matchLanguage(attributeOf(user, localeAttribute)) ?? null,
      createdAt: new Date(user.createdTimestamp ?? 0),
    };
  }

  /** The Keycloak user with exactly this username (Keycloak keeps usernames in lower case). */
  async function representationOf(username: string): Promise<(UserRepresentation & { id: string; username: string }) | null> {
    const [user] = await admin.users.find({ username, exact: true, briefRepresentation: false });
    return user && belongsToItsRegistrar(user) && user.username === username.toLowerCase() ? user : null;
  }

  async function setRoles(id: string, roles: readonly PanelRole[]): Promise<boolean> {
    const wanted = new Set(roles.map(tokenRole));
    const panelRoleNames = new Set(panelRoles.map(tokenRole));
    const current = await admin.users.listRealmRoleMappings({ id });
    const toRemove = current.filter((role) => role.name && panelRoleNames.has(role.name) && !wanted.has(role.name));
    const held = new Set(current.map((role) => role.name));
    const available = wanted.size > 0 ? await admin.users.listAvailableRealmRoleMappings({ id }) : [];
    const toAdd = available.filter(
      (role): role is RoleRepresentation & { id: string; name: string } => !!role.id && !!role.name && wanted.has(role.name) && !held.has(role.name),
    );
    if (toRemove.length > 0) await admin.users.delRealmRoleMappings({ id, roles: toRemove.map((role) => ({ id: role.id!, name: role.name! })) });
    if (toAdd.length > 0) await admin.users.addRealmRoleMappings({ id, roles: toAdd.map((role) => ({ id: role.id, name: role.name })) });
    return toRemove.length > 0 || toAdd.length > 0;
  }

  /** Asks Keycloak to mail the user a link for these actions (valid 12 hours, as the embedded links). */
  async function mailActions(id: string, actions: string[]): Promise<void> {
    try {
      await admin.users.executeActionsEmail({ id, actions, lifespan: linkTokenTtlMs / 1000, clientId: webClient, redirectUri: portalHome });
    } catch (error) {
      // Keycloak answers 500 when its SMTP server refused or was unreachable, 400 when the user has no
      // email or is disabled. Anything else (403: the service account lacks a role) is not about mail.
      const status = keycloakStatusOf(error);
      if (status === 500 || status === 400) throw new KeycloakMailError(`Keycloak could not send the mail (${status})`);
      throw error;
    }
  }

  /** The user's TOTP and passkeys, from their credentials (Keycloak lists them in its sign-in order). */
  function secondFactorsIn(credentials: CredentialRepresentation[]): UserSecondFactors {
    return {
      totp: credentials.some((credential) => credential.type === totpType),
      passkeys: credentials
        .filter((credential): credential is CredentialRepresentation & { id: string } => credential.type === passkeyType && !!credential.id)
        .map((credential) => ({
          id: credential.id,
          name: credential.userLabel ?? '',
          createdAt: new Date(credential.createdDate ?? 0),
          // Keycloak keeps no time of a credential's last use.
          lastUsedAt: null,
        }))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)),
    };
  }

  /**
   * Runs `change` while no other change to this user's second factors runs in any of the portal's
   * instances: Keycloak has no transaction around "count, then delete", so the portal's database
   * holds a lock on the username for the time of the change (released at the end of its transaction).
   */
  async function withSecondFactorsLock<T>(username: string, change: () => Promise<T>): Promise<T> {
    return options.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`keycloak-second-factors:${username.toLowerCase()}`}))`);
      return change();
    });
  }

  /** Adds required actions to the user's, keeping theirs. */
  async function addRequiredActions(user: UserRepresentation & { id: string }, actions: string[]): Promise<void> {
    const current = user.requiredActions ?? [];
    if (actions.every((action) => current.includes(action))) return;
    // The whole representation goes back: the user profile treats a missing attribute as removed.
    await admin.users.update({ id: user.id }, { ...user, requiredActions: [...new Set([...current, ...actions])] });
  }

  /** A registrar's users, in full (attributes included), found by the registrar attribute in one search. */
  async function registrarUsers(registrarHandle: string) {
    const users = await admin.users.find({ q: `${registrarAttribute}:${registrarHandle}`, briefRepresentation: false, max: 10_000 });
    return users.filter(belongsToItsRegistrar).filter((user) => registrarHandleOf(user.username) === registrarHandle);
  }

  async function listUsers(registrarHandle: string): Promise<DirectoryUser[]> {
    const own = await registrarUsers(registrarHandle);
    if (own.length === 0) return [];
    const rolesOfUser = await panelRolesOfAll();
    return Promise.all(own.map((user) => toDirectoryUser(user, rolesOfUser)));
  }

  async function secondFactorsOf(usernames: readonly string[]): Promise<Map<string, UserSecondFactors>> {
    const found = new Map<string, UserSecondFactors>();
    const pending = [...new Set(usernames)];
    while (pending.length > 0) {
      const batch = pending.splice(0, credentialReadsAtOnce);
      await Promise.all(
        batch.map(async (username) => {
          const user = await representationOf(username);
          if (user) found.set(user.username, secondFactorsIn(await admin.users.getCredentials({ id: user.id })));
        }),
      );
    }
    return found;
  }

  return {
    listUsers,

    // Keycloak keeps credentials per user: one admin call for the list, then one per user.
    async listUsersWithSecondFactors(registrarHandle) {
      const users = await listUsers(registrarHandle);
      return { users, factors: await secondFactorsOf(users.map((user) => user.username)) };
    },

    async findUser(username) {
      const user = await representationOf(username);
      return user ? toDirectoryUser(user) : null;
    },

    async findUserById(id) {
      const user = await admin.users.findOne({ id, userProfileMetadata: false }, { catchNotFound: true });
      return user && belongsToItsRegistrar(user) ? toDirectoryUser(user) : null;
    },

    async createUser(user: NewDirectoryUser): Promise<CreateUserOutcome> {
      const { givenName, familyName } = splitName(user.name);
      let id: string;
      try {
        ({ id } = await admin.users.create({
          username: user.username,
          enabled: true,
          email: user.email,
          emailVerified: true,
          firstName: givenName,
          lastName: familyName,
          attributes: { [registrarAttribute]: [user.registrarHandle] },
          requiredActions: activationActions,
        }));
      } catch (error) {
        // Keycloak compares usernames in lower case, as the embedded directory does.
        if (keycloakStatusOf(error) === 409) return 'taken';
        throw error;
      }
      try {
        await setRoles(id, user.roles);
      } catch (error) {
        // A user without the roles they were given is not left behind half made.
        await admin.users.del({ id }).catch(() => undefined);
        throw error;
      }
      try {
        await mailActions(id, activationActions);
      } catch (error) {
        if (error instanceof KeycloakMailError) return 'created-mail-failed';
        throw error;
      }
      return 'created';
    },

    async sendActivation(username) {
      // A copy under a new id: Keycloak's earlier links name the old one (keycloak-pending-account.ts).
      await replacePendingAccount(admin, options.db, representationOf, username, (id) => mailActions(id, activationActions));
    },

    async updateUser(username, changes, by) {
      const user = await representationOf(username);
      if (!user) return;
      const { givenName, familyName } = splitName(changes.name);
      const previousEmail = user.email ?? '';
      // The change and the previous address's notice (email-change.ts) are recorded, the notice queued
      // in the outbox, in one transaction that commits only once Keycloak has made the change: a
      // failure to record leaves the address as it was, a failed Keycloak write leaves no record and
      // no notice, and a retried request still sees the change to make and tell.
      await options.db.transaction(async (tx) => {
        if (previousEmail && !sameAddress(previousEmail, changes.email)) {
          const account = { id: user.id, username: user.username, name: nameOf(user), email: previousEmail, language: attributeOf(user, localeAttribute) };
          await noteEmailChange(tx, { outbox: options.outbox, config }, { account, newEmail: changes.email, by, at: new Date() });
        }
        // The whole representation goes back: the user profile treats a missing attribute as removed.
        await admin.users.update({ id: user.id }, { ...user, firstName: givenName, lastName: familyName, email: changes.email });
      });
      // Access tokens carry the roles: sessions that would refresh them with the old ones end now.
      if (await setRoles(user.id, changes.roles)) await admin.users.logout({ id: user.id });
    },

    async setEnabled(username, enabled) {
      const user = await representationOf(username);
      if (!user || (user.enabled !== false) === enabled) return;
      await admin.users.update({ id: user.id }, { ...user, enabled });
      // Keycloak refuses a disabled user's refresh; logging out ends their sessions at once.
      if (!enabled) await admin.users.logout({ id: user.id });
    },

    async setAccessEnd(username, accessEnd) {
      const user = await representationOf(username);
      if (!user) return;
      const { [accessEndAttribute]: _previous, ...others } = user.attributes ?? {};
      const attributes = accessEnd === null ? others : { ...others, [accessEndAttribute]: [accessEnd] };
      // The whole representation goes back: the user profile treats a missing attribute as removed.
      await admin.users.update({ id: user.id }, { ...user, attributes });
    },

    async setLanguage(username, language) {
      const user = await representationOf(username);
      if (!user) return;
      const { [localeAttribute]: _previous, ...others } = user.attributes ?? {};
      const attributes = language === null ? others : { ...others, [localeAttribute]: [language] };
      // The whole representation goes back: the user profile treats a missing attribute as removed.
      await admin.users.update({ id: user.id }, { ...user, attributes });
    },

    async disableEndedAccess(today) {
      // Keycloak searches attributes by exact value only: the job walks the realm's enabled users,
      // all pages first, since each user disabled would move the later pages.
      const ended: (UserRepresentation & { id: string; username: string })[] = [];
      for (let first = 0; ; first += accessEndPageSize) {
        const page = await admin.users.find({ enabled: true, briefRepresentation: false, first, max: accessEndPageSize });
        for (const user of page.filter(belongsToItsRegistrar)) {
          const end = accessEndOf(user);
          if (end !== null && end < today && user.enabled !== false) ended.push(user);
        }
        if (page.length < accessEndPageSize) break;
      }
      for (const user of ended) {
        await admin.users.update({ id: user.id }, { ...user, enabled: false });
        await admin.users.logout({ id: user.id });
      }
      return ended.map((user) => user.username);
    },

    async deleteUser(username) {
      const user = await representationOf(username);
      // Keycloak ends the user's sessions with the user.
      if (user) await admin.users.del({ id: user.id });
    },

    async resetTotp(username) {
      const user = await representationOf(username);
      if (!user) return;
      const credentials = await admin.users.getCredentials({ id: user.id });
      for (const credential of credentials) {
        if (credential.type === 'otp' && credential.id) await admin.users.deleteCredential({ id: user.id, credentialId: credential.id });
      }
      const requiredActions = [...new Set([...(user.requiredActions ?? []), 'CONFIGURE_TOTP'])];
      await admin.users.update({ id: user.id }, { ...user, requiredActions, totp: false });
      // Whoever signed in with the old authenticator is signed out everywhere.
      await admin.users.logout({ id: user.id });
      const account = { id: user.id, username: user.username, name: nameOf(user), email: user.email ?? '', language: attributeOf(user, localeAttribute) };
      // Shortly after an email change the previous address is told too (email-change.ts).
      await options.outbox.add(
        options.db,
        ...mailTo(await accountAddresses(options.db, account), totpResetMail(account, mailContextOf(config), mailLanguageOf(account))),
      );
    },

    async endSessions(username) {
      const user = await representationOf(username);
      if (user) await admin.users.logout({ id: user.id });
    },

    async sendPasswordReset(username) {
      const user = await representationOf(username);
      if (!user) return;
      // A user who never activated gets the activation mail again: same page, and it says what it is for.
      const pending = (user.requiredActions ?? []).includes('UPDATE_PASSWORD');
      await mailActions(user.id, pending ? activationActions : ['UPDATE_PASSWORD']);
    },

    // The password and the authenticator change on Keycloak's own pages, where Keycloak asks for the
    // current password (its UPDATE_PASSWORD action wants a recent sign-in): the web sends the user
    // there with `kc_action` (docs/decisions.md, My account).
    credentialsAt: 'identityService',
    changePassword: () => Promise.resolve({ status: 'atIdentityService' }),
    replaceTotp: () => Promise.resolve(false),

    async openSessions(username, sessionIds) {
      const user = await representationOf(username);
      if (!user || sessionIds.length === 0) return new Set();
      const open = new Set((await admin.users.listSessions({ id: user.id })).flatMap((session) => (session.id ? [session.id] : [])));
      return new Set(sessionIds.filter((id) => open.has(id)));
    },

    async endSessionsOf(username, which) {
      const user = await representationOf(username);
      if (!user) return [];
      // Only the user's own sessions, as Keycloak lists them: an id of anyone else's is never deleted.
      const sessions = (await admin.users.listSessions({ id: user.id })).flatMap((session) => (session.id ? [session.id] : []));
      const ending = sessions.filter((id) => ('only' in which ? which.only.includes(id) : id !== which.except));
      for (const id of ending) await admin.realms.deleteSession({ realm: config.identity.realm, session: id, isOffline: false });
      return ending;
    },

    secondFactorsOf,

    async removeAllPasskeys(username) {
      return withSecondFactorsLock(username, async () => {
        const user = await representationOf(username);
        if (!user) return 0;
        const credentials = await admin.users.getCredentials({ id: user.id });
        const passkeys = credentials.filter((credential) => credential.type === passkeyType && credential.id);
        for (const passkey of passkeys) await admin.users.deleteCredential({ id: user.id, credentialId: passkey.id! });
        // Keycloak asks no second step of a user who has none: one left without enrols TOTP at the next sign-in.
        if (passkeys.length > 0 && !secondFactorsIn(credentials).totp) await addRequiredActions(user, ['CONFIGURE_TOTP']);
        // As the TOTP reset: whoever signed in with a removed passkey is signed out everywhere.
        if (passkeys.length > 0) await admin.users.logout({ id: user.id });
        return passkeys.length;
      });
    },

    async removePasskey(username, passkeyId) {
      return withSecondFactorsLock(username, async () => {
        const user = await representationOf(username);
        if (!user) return 'notFound';
        const factors = secondFactorsIn(await admin.users.getCredentials({ id: user.id }));
        // Only the user's own passkeys, as Keycloak lists them: an id of anyone else's is never deleted.
        if (!factors.passkeys.some((passkey) => passkey.id === passkeyId)) return 'notFound';
        if (!factors.totp && factors.passkeys.length <= 1) return 'last';
        await admin.users.deleteCredential({ id: user.id, credentialId: passkeyId });
        return 'removed';
      });
    },

    async applyPasskeyRequirement(to, required) {
      // A registrar's users come from one search (a save of the policy holds the registrar row meanwhile).
      const users = 'registrar' in to ? await registrarUsers(to.registrar) : [await representationOf(to.username)];
      for (const user of users) {
        if (!user?.id) continue;
        const { [passkeysRequiredAttribute]: previous, ...others } = user.attributes ?? {};
        if ((previous !== undefined) === required) continue;
        const attributes = required ? { ...others, [passkeysRequiredAttribute]: ['true'] } : others;
        // The whole representation goes back: the user profile treats a missing attribute as removed.
        await admin.users.update({ id: user.id }, { ...user, attributes });
      }
    },

    async preferPasskeys(username) {
      const user = await representationOf(username);
      if (!user) return;
      // Keycloak asks the second factor the user's credentials name first (in their stored order).
      const secondFactors = (await admin.users.getCredentials({ id: user.id })).filter((c) => c.type === passkeyType || c.type === totpType);
      const newestPasskey = secondFactors.filter((c) => c.type === passkeyType && c.id).sort((a, b) => (b.createdDate ?? 0) - (a.createdDate ?? 0))[0];
      if (newestPasskey?.id && secondFactors[0]?.type !== passkeyType)
        await admin.users.moveCredentialPositionUp({ id: user.id, credentialId: newestPasskey.id });
    },

    async signInAttempts(username, limit) {
      const user = await representationOf(username);
      if (!user) return [];
      const events = await admin.realms.findEvents({ realm: config.identity.realm, user: user.id, type: ['LOGIN', 'LOGIN_ERROR'], max: limit });
      // Keycloak's login of a user whose registrar may not sign in was refused by the portal at the
      // session's first request (modules/history/session-sign-ins.ts): it shows as that refusal.
      const loginSessions = events.flatMap((event) => (event.type === 'LOGIN' && event.sessionId ? [event.sessionId] : []));
      const refused = await refusedSessionIds(options.db, loginSessions);
      return events.map((event): SignInRecord => ({
        at: new Date(event.time ?? 0),
        ip: shortAddress(event.ipAddress),
        outcome:
          event.type !== 'LOGIN'
            ? (outcomeOfError[event.error ?? ''] ?? 'failed')
            : event.sessionId && refused.has(event.sessionId)
              ? 'registrarBlocked'
              : 'success',
      }));
    },
  };
}
