import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { EppPasswordChange } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { badRequest, notFound } from '../../errors';
import type { DirectoryUser, UserDirectory } from '../../identity/directory/user-directory';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { recordPortalChange } from '../../feed/portal-changes';
import { administratorRecipients } from '../../mail/recipients';
import type { EppChangeNotices } from './epp-change-notices';
import { findRegistrarEpp, lockRegistrarEpp, setEppPasswordHash, type RegistrarEppRow } from './epp.repository';
import { contextWordIn, isCommonPassword } from '../../lib/unsafe-passwords';

export const passwordAuditAction = 'epp.password.update';

// A type-only reference to the const enum: isolated modules cannot read its values at runtime.
const argon2id: Algorithm = 2;

/**
 * Whether a new EPP password is unsafe: a commonly used password, or one that holds, ignoring case,
 * the registrar handle, one of the registrar's usernames (or its part before the '@'), 'registrar'
 * or the TLD as a word; the same list and words as panel users' passwords (docs/decisions.md).
 */
export function isUnsafeEppPassword(password: string, context: { registrarHandle: string; usernames: readonly string[]; tld: string }): boolean {
  return contextWordIn(password, context) !== undefined || isCommonPassword(password);
}

/** What the EPP password's functions need (epp.routes.ts builds it once). */
export interface EppPasswordDeps {
  db: Db;
  directory: UserDirectory;
  notices: EppChangeNotices;
  tld: string;
}

/** Whether changing the caller's registrar's EPP password needs the current one: true once a password is set. */
export async function isEppPasswordSet({ db }: Pick<EppPasswordDeps, 'db'>, actor: SignedInUser): Promise<boolean> {
  const registrar = await findRegistrarEpp(db, actor.registrarHandle);
  if (!registrar) throw notFound();
  return registrar.eppPasswordHash !== null;
}

/**
 * Sets or changes the EPP password of the caller's registrar; only an argon2id hash is stored. With a
 * password set, the current one must be given and right; then the new one must not be unsafe. The
 * registrar row stays locked from the check to the write, so two changes cannot both pass the check
 * against the same current password.
 */
export async function changeEppPassword({ db, directory, notices, tld }: EppPasswordDeps, actor: SignedInUser, input: EppPasswordChange): Promise<void> {
  const at = new Date();
  // Asked before the transaction, not inside it: the directory does not take part in it, and may
  // not even be this database (Keycloak).
  const directoryUsers = await directory.listUsers(actor.registrarHandle);
  await db.transaction(async (tx) => {
    const registrar = await lockRegistrarEpp(tx, actor.registrarHandle);
    if (!registrar) throw notFound();
    const current = registrar.eppPasswordHash;
    if (current !== null) {
      if (!input.oldPassword) throw badRequest('validation.required', { field: 'oldPassword' });
      if (!(await verify(current, input.oldPassword))) throw badRequest('epp.password.wrong', { field: 'oldPassword' });
    }
    await saveEppPassword(tx, { notices, tld }, { actor, registrar, directoryUsers, newPassword: input.newPassword, at }, () =>
      recordAudit(tx, actor, passwordAuditAction, { firstTime: current === null }),
    );
  });
}

/**
 * The part every way of setting the password shares (the form, a reset link): refuses an unsafe
 * password, then stores its hash with who and when, records the change (`audit`, then the portal-changes
 * stream) and queues its notices. Call it in a transaction holding the registrar's row (`lockRegistrarEpp`).
 */
export async function saveEppPassword(
  tx: Db,
  { notices, tld }: Pick<EppPasswordDeps, 'notices' | 'tld'>,
  change: { actor: SignedInUser; registrar: RegistrarEppRow; directoryUsers: readonly DirectoryUser[]; newPassword: string; at: Date },
  audit: () => Promise<void>,
): Promise<void> {
  const { actor, registrar, newPassword, at } = change;
  const current = registrar.eppPasswordHash;
  const usernames = [actor.username, ...change.directoryUsers.map((user) => user.username)];
  const unsafe =
    isUnsafeEppPassword(newPassword, { registrarHandle: registrar.handle, usernames, tld }) || (current !== null && (await verify(current, newPassword)));
  if (unsafe) throw badRequest('unsafe.password', { field: 'newPassword' });
  const passwordHash = await hash(newPassword, { algorithm: argon2id });
  await setEppPasswordHash(tx, registrar.handle, passwordHash, at, actor.username);
  await audit();
  // The registry's EPP server checks passwords against this hash (argon2id); the password itself never leaves.
  await recordPortalChange(tx, actor, 'eppPassword', { hash: passwordHash, changedAt: at.toISOString() });
  const administrators = administratorRecipients(change.directoryUsers);
  await notices.queue(tx, { registrar, administrators, actor, change: { kind: 'password', firstTime: current === null }, at });
}
