import { isAdmin, type PasskeyPolicy, type RemovedPasskeys } from '@registrar-panel/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { accountAddresses, mailTo } from '../../identity/directory/email-change';
import { mailContextOf, mailLanguageOf, passkeysRemovedMail } from '../../identity/directory/identity-mail';
import type { UserDirectory } from '../../identity/directory/user-directory';
import { passkeysRequiredOf, setPasskeysRequired } from '../../identity/passkeys/passkey-policy.repository';
import { relyingPartyOf } from '../../identity/passkeys/relying-party';
import type { Outbox } from '../../mail/outbox';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { ownUser } from './users.service';

/*
 * Passkeys in user management: an ADMIN removes a non-admin user's passkeys (as the spec's TOTP
 * reset, which keeps removing TOTP only), and requires passkeys of the registrar's users, which the
 * embedded identity service applies at sign-in (identity/sign-in/sign-in.service.ts).
 */

export interface UserPasskeysDeps {
  directory: UserDirectory;
  db: Db;
  outbox: Outbox;
  config: Config;
  now: () => Date;
}

/**
 * Removes every passkey of a non-admin user of the caller's registrar; the directory ends their
 * sessions. The audit entry (an event too) and the user's notice commit together; nothing removed,
 * nothing recorded.
 */
export async function removeUserPasskeys(deps: UserPasskeysDeps, actor: SignedInUser, username: string): Promise<RemovedPasskeys> {
  const user = await ownUser(deps.directory, actor, username);
  if (isAdmin(user)) throw AppError.of(403, 'users.adminPasskeysFixed');
  const removed = await deps.directory.removeAllPasskeys(user.username);
  if (removed === 0) return { removed };
  await deps.db.transaction(async (tx) => {
    await recordAudit(tx, actor, 'user.passkeysRemove', { username: user.username, passkeysRemoved: removed });
    const mail = passkeysRemovedMail(user, mailContextOf(deps.config), mailLanguageOf(user));
    await deps.outbox.add(tx, ...mailTo(await accountAddresses(tx, user, deps.now()), mail));
  });
  return { removed };
}

/** Whether the setting can apply: passkeys at a named address (on either identity service). */
function availabilityOf(deps: Pick<UserPasskeysDeps, 'config'>): Pick<PasskeyPolicy, 'available' | 'unavailableReason'> {
  const rp = relyingPartyOf(deps.config.publicUrl);
  return rp.available ? { available: true, unavailableReason: null } : { available: false, unavailableReason: rp.reason };
}

export async function getPasskeyPolicy(deps: UserPasskeysDeps, actor: SignedInUser): Promise<PasskeyPolicy> {
  return { required: await passkeysRequiredOf(deps.db, actor.registrarHandle), ...availabilityOf(deps) };
}

/**
 * Requires passkeys of the caller's registrar's users, or no longer; a change is audited. Turning it
 * off is always allowed. With Keycloak each user is given the requirement there too (a user
 * attribute its sign-in flow reads), under the registrar row's lock so that two changes side by
 * side reach Keycloak in turn; at every save, changed or not, so that saving again completes a change
 * Keycloak failed half-way.
 */
export async function setPasskeyPolicy(deps: UserPasskeysDeps, actor: SignedInUser, { required }: { required: boolean }): Promise<PasskeyPolicy> {
  const availability = availabilityOf(deps);
  if (required && !availability.available) throw AppError.of(409, 'users.passkeyPolicy.unavailable');
  await deps.db.transaction(async (tx) => {
    const before = await setPasskeysRequired(tx, actor.registrarHandle, required);
    if (before !== undefined && before !== required) await recordAudit(tx, actor, 'registrar.passkeyPolicy.update', { required });
    if (before !== undefined && deps.directory.credentialsAt === 'identityService') {
      await deps.directory.applyPasskeyRequirement({ registrar: actor.registrarHandle }, required);
    }
  });
  return { required: await passkeysRequiredOf(deps.db, actor.registrarHandle), ...availability };
}
