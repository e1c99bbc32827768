import { matchLanguage, panelRoles, type Language, type PanelRole } from '@registrar-panel/contract';
import { issuerOf, type Config } from '../../config';
import type { Db } from '../../db/database';
import type { Outbox } from '../../mail/outbox';
import {
  deleteUserRow,
  disableUsersWithEndedAccess,
  findUserRow,
  findUserRowById,
  insertUserRow,
  insertUserToken,
  latestSignInAttempts,
  listUserRows,
  listUserRowsWithPasskeys,
  totpOfUsers,
  updateUserRow,
  type UserRow,
} from './directory.repository';
import { accountAddresses, mailTo, noteEmailChange, sameAddress } from './email-change';
import { activationMail, mailContextOf, mailLanguageOf, passwordResetMail, totpResetMail, type ChangingAdmin, type MailUser } from './identity-mail';
import { linkTokenTtlMs, linkTokenUrl, newLinkToken, type LinkPurpose } from '../account-links/link-tokens';
import { openSessionUids, revokeAccountSessions, revokeSessionsOf } from '../provider/oidc-adapter';
import { passwordProblem } from '../account-links/password-policy';
import { hashPassword, verifyPassword } from '../sign-in/passwords';
import { checkCurrentPassword } from '../sign-in/current-password';
import { encryptTotpSecret, totpKey } from '../sign-in/totp';
import { deleteAllPasskeys, deletePasskeyUnlessLast, listPasskeysOf } from '../passkeys/passkeys.repository';
import type {
  CreateUserOutcome,
  DirectoryUser,
  NewDirectoryUser,
  PasswordChangeOutcome,
  SignInRecord,
  UserDirectory,
  UserSecondFactors,
  UsersWithSecondFactors,
} from './user-directory';

export interface DirectoryOptions {
  db: Db;
  /** Mails are queued in the transaction of the change that causes them. */
  outbox: Outbox;
  config: Config;
  now?: () => Date;
}

const states: readonly DirectoryUser['state'][] = ['awaiting_activation', 'active', 'locked'];

/** The user's state as the directory shows it: disabled over whatever the account's own state is. */
function stateOf(row: UserRow): DirectoryUser['state'] {
  if (row.disabledAt !== null) return 'disabled';
  return states.find((state) => state === row.state) ?? 'locked';
}

export function toDirectoryUser(row: UserRow): DirectoryUser {
  return {
    id: row.id,
    username: row.username,
    registrarHandle: row.registrarHandle,
    name: row.name,
    email: row.email,
    roles: panelRoles.filter((role) => row.roles.includes(role)),
    state: stateOf(row),
    accessEnd: row.accessEnd,
    hasTotp: row.totpSecretEncrypted !== null,
    language: matchLanguage(row.language) ?? null,
    createdAt: row.createdAt,
  };
}

/** The embedded user directory: users in the product's database; each change and its mail commit together. */
export function databaseUserDirectory(options: DirectoryOptions): UserDirectory {
  const now = options.now ?? (() => new Date());

  async function issueLink(tx: Db, username: string, purpose: LinkPurpose, language: Language): Promise<string> {
    const { token, tokenHash } = newLinkToken();
    await insertUserToken(tx, { tokenHash, username, purpose, expiresAt: new Date(now().getTime() + linkTokenTtlMs) });
    return linkTokenUrl(issuerOf(options.config), token, language);
  }

  async function mailActivation(tx: Db, user: MailUser, addresses = [user.email]): Promise<void> {
    const language = mailLanguageOf(user);
    const link = await issueLink(tx, user.username, 'activation', language);
    await options.outbox.add(tx, ...mailTo(addresses, activationMail(user, link, mailContextOf(options.config), language)));
  }

  return {
    async listUsers(registrarHandle: string): Promise<DirectoryUser[]> {
      return (await listUserRows(options.db, registrarHandle)).map(toDirectoryUser);
    },

    async listUsersWithSecondFactors(registrarHandle: string): Promise<UsersWithSecondFactors> {
      const rows = await listUserRowsWithPasskeys(options.db, registrarHandle);
      return {
        users: rows.map(({ user }) => toDirectoryUser(user)),
        factors: new Map(rows.map(({ user, passkeys }) => [user.username, { totp: user.totpSecretEncrypted !== null, passkeys }])),
      };
    },

    async findUser(username: string): Promise<DirectoryUser | null> {
      const row = await findUserRow(options.db, username);
      return row ? toDirectoryUser(row) : null;
    },

    async findUserById(id: string): Promise<DirectoryUser | null> {
      const row = await findUserRowById(options.db, id);
      return row ? toDirectoryUser(row) : null;
    },

    // The user and their activation mail are one change: the mail cannot fail here (the relay sends
    // it later, with retries), so 'created-mail-failed' is Keycloak's case only.
    async createUser(user: NewDirectoryUser): Promise<CreateUserOutcome> {
      return options.db.transaction(async (tx) => {
        if (!(await insertUserRow(tx, { ...user, roles: [...user.roles], state: 'awaiting_activation' }))) return 'taken';
        await mailActivation(tx, user);
        return 'created';
      });
    },

    async sendActivation(username: string): Promise<void> {
      await options.db.transaction(async (tx) => {
        const row = await findUserRow(tx, username);
        // Shortly after an email change the previous address gets the link too (email-change.ts).
        if (row) await mailActivation(tx, row, await accountAddresses(tx, row, now()));
      });
    },

    async updateUser(username: string, changes: { name: string; email: string; roles: PanelRole[] }, by: ChangingAdmin): Promise<void> {
      await options.db.transaction(async (tx) => {
        const row = await findUserRow(tx, username);
        if (!row) return;
        await updateUserRow(tx, username, { name: changes.name, email: changes.email, roles: [...changes.roles] });
        // The previous address is told, with the change, and keeps hearing for a while (email-change.ts).
        if (!sameAddress(row.email, changes.email)) await noteEmailChange(tx, options, { account: row, newEmail: changes.email, by, at: now() });
        const before = [...row.roles].sort().join(' ');
        // Access tokens carry the roles: sessions that would refresh them with the old ones end now.
        if ([...changes.roles].sort().join(' ') !== before) await revokeAccountSessions(tx, row.id);
      });
    },

    async setEnabled(username: string, enabled: boolean): Promise<void> {
      await options.db.transaction(async (tx) => {
        const row = await findUserRow(tx, username);
        if (!row || (row.disabledAt === null) === enabled) return;
        await updateUserRow(tx, username, { disabledAt: enabled ? null : now() });
        // Whoever is signed in as the user is signed out: no refresh token of theirs works any more.
        if (!enabled) await revokeAccountSessions(tx, row.id);
      });
    },

    async setAccessEnd(username: string, accessEnd: string | null): Promise<void> {
      await updateUserRow(options.db, username, { accessEnd });
    },

    async setLanguage(username: string, language: Language | null): Promise<void> {
      await updateUserRow(options.db, username, { language });
    },

    // Sign-in and every token refresh refuse an ended access already (sign-in.service.ts, provider.ts):
    // this makes it visible as 'disabled' and ends the sessions at once rather than at the next refresh.
    async disableEndedAccess(today: string): Promise<string[]> {
      return options.db.transaction(async (tx) => {
        const disabled = await disableUsersWithEndedAccess(tx, today, now());
        for (const user of disabled) await revokeAccountSessions(tx, user.id);
        return disabled.map((user) => user.username);
      });
    },

    async deleteUser(username: string): Promise<void> {
      const row = await findUserRow(options.db, username);
      if (!row) return;
      await revokeAccountSessions(options.db, row.id);
      await deleteUserRow(options.db, username);
    },

    async endSessions(username: string): Promise<void> {
      const row = await findUserRow(options.db, username);
      if (row) await revokeAccountSessions(options.db, row.id);
    },

    async resetTotp(username: string): Promise<void> {
      await options.db.transaction(async (tx) => {
        const row = await findUserRow(tx, username);
        if (!row) return;
        await updateUserRow(tx, username, { totpSecretEncrypted: null, totpLastStep: null });
        // Whoever signed in with the old authenticator is signed out everywhere.
        await revokeAccountSessions(tx, row.id);
        await options.outbox.add(tx, ...mailTo(await accountAddresses(tx, row, now()), totpResetMail(row, mailContextOf(options.config), mailLanguageOf(row))));
      });
    },

    async secondFactorsOf(usernames: readonly string[]): Promise<Map<string, UserSecondFactors>> {
      const factors = new Map<string, UserSecondFactors>();
      for (const user of await totpOfUsers(options.db, usernames)) factors.set(user.username, { totp: user.totp, passkeys: [] });
      for (const row of await listPasskeysOf(options.db, usernames)) {
        factors.get(row.username)?.passkeys.push({ id: row.credentialId, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt });
      }
      return factors;
    },

    // As the TOTP reset: whoever signed in with a removed passkey is signed out everywhere. The
    // notice is the caller's (users.service.ts), which records the change with it.
    async removeAllPasskeys(username: string): Promise<number> {
      return options.db.transaction(async (tx) => {
        const row = await findUserRow(tx, username);
        if (!row) return 0;
        const removed = await deleteAllPasskeys(tx, row.username);
        if (removed > 0) await revokeAccountSessions(tx, row.id);
        return removed;
      });
    },

    async sendPasswordReset(username: string, asked: { pageLanguage?: Language } = {}): Promise<void> {
      await options.db.transaction(async (tx) => {
        const row = await findUserRow(tx, username);
        if (!row) return;
        // A user who never activated gets a new activation link: same page, and the mail says what it is for.
        const purpose: LinkPurpose = row.state === 'awaiting_activation' ? 'activation' : 'reset';
        // The account's language; one that chose none gets the page's it was asked from (forgot-password.service.ts).
        const language = matchLanguage(row.language) ?? asked.pageLanguage ?? mailLanguageOf(row);
        const link = await issueLink(tx, username, purpose, language);
        const context = mailContextOf(options.config);
        const mail = purpose === 'activation' ? activationMail(row, link, context, language) : passwordResetMail(row, link, context, language);
        // Shortly after an email change the previous address gets the link too (email-change.ts).
        await options.outbox.add(tx, ...mailTo(await accountAddresses(tx, row, now()), mail));
      });
    },

    async signInAttempts(username: string, limit: number): Promise<SignInRecord[]> {
      return latestSignInAttempts(options.db, username, limit);
    },

    credentialsAt: 'portal',

    async changePassword(username, change): Promise<PasswordChangeOutcome> {
      const row = await findUserRow(options.db, username);
      if (row?.state !== 'active') return { status: 'wrongPassword' };
      const checked = await checkCurrentPassword(options.db, row, change.currentPassword, change.ip, now());
      if (checked !== 'ok') return { status: checked === 'locked' ? 'locked' : 'wrongPassword' };
      const problem = passwordProblem(change.newPassword, change.newPassword, { username: row.username, tld: options.config.tld });
      if (problem || (await verifyPassword(row.passwordHash, change.newPassword))) return { status: 'unsafe' };
      await updateUserRow(options.db, row.username, { passwordHash: await hashPassword(change.newPassword) });
      return { status: 'changed' };
    },

    async replaceTotp(username, secret, usedStep) {
      const totpSecretEncrypted = encryptTotpSecret(secret, totpKey(options.config.totpEncryptionKey));
      // The step its code used is used up, so that code cannot also sign in.
      await updateUserRow(options.db, username, { totpSecretEncrypted, totpLastStep: usedStep });
      return true;
    },

    removePasskey: (username, passkeyId) => deletePasskeyUnlessLast(options.db, username, passkeyId),

    // A no-op here: the embedded sign-in reads the registrar's passkey requirement itself at each
    // sign-in and asks a user without a passkey to add one (Keycloak's flow needs a user attribute).
    applyPasskeyRequirement: () => Promise.resolve(),

    // The embedded sign-in asks a user's passkey before the code whenever they have one.
    preferPasskeys: () => Promise.resolve(),

    async openSessions(username, sessionIds) {
      const row = await findUserRow(options.db, username);
      return row ? openSessionUids(options.db, row.id, sessionIds) : new Set();
    },

    async endSessionsOf(username, which) {
      const row = await findUserRow(options.db, username);
      return row ? revokeSessionsOf(options.db, row.id, which) : [];
    },
  };
}
