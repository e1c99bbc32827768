import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { findUserRow, updateUserRow } from '../../identity/directory/directory.repository';
import { accountAddresses, mailTo } from '../../identity/directory/email-change';
import { mailContextOf, mailLanguageOf, secondFactorsRecoveredMail } from '../../identity/directory/identity-mail';
import { deleteAllPasskeys } from '../../identity/passkeys/passkeys.repository';
import { revokeAccountSessions } from '../../identity/provider/oidc-adapter';
import type { Outbox } from '../../mail/outbox';
import { recordAudit } from '../audit/audit.repository';

/**
 * Who the history names for a change the registry made with a command: no user of the registrar
 * is called so (usernames are `name@{handle}`).
 */
export const registryActor = 'registry';

/** Refused before anything changes, with a message for the registry's operator. */
export class RecoverAdminRefused extends Error {}

/**
 * `npm run recover-admin`: an ADMIN of the embedded identity service who lost their second factors
 * (the registry checked who asks) loses their authenticator app and passkeys and is signed out
 * everywhere; at the next sign-in they set up one again (or add a passkey, where their registrar
 * requires them). One transaction: the change, the history's entry (an event too) as done by the
 * registry, and the mail to the user. Other users are their registrar ADMIN's to reset in the portal.
 */
export async function recoverAdmin(
  deps: { db: Db; outbox: Outbox; config: Config; now?: () => Date },
  username: string,
): Promise<{ totpRemoved: boolean; passkeysRemoved: number }> {
  const now = deps.now ?? (() => new Date());
  return deps.db.transaction(async (tx) => {
    const row = await findUserRow(tx, username);
    if (!row) throw new RecoverAdminRefused(`No user "${username}".`);
    if (!row.roles.includes('ADMIN')) {
      throw new RecoverAdminRefused(`${row.username} is no ADMIN: their registrar's ADMIN resets their second factors in the portal.`);
    }
    const totpRemoved = row.totpSecretEncrypted !== null;
    await updateUserRow(tx, row.username, { totpSecretEncrypted: null, totpLastStep: null });
    const passkeysRemoved = await deleteAllPasskeys(tx, row.username);
    await revokeAccountSessions(tx, row.id);
    await recordAudit(tx, { registrarHandle: row.registrarHandle, username: registryActor, ip: null }, 'user.secondFactorsRecover', {
      username: row.username,
      totpRemoved,
      passkeysRemoved,
    });
    const mail = secondFactorsRecoveredMail(row, mailContextOf(deps.config), mailLanguageOf(row));
    await deps.outbox.add(tx, ...mailTo(await accountAddresses(tx, row, now()), mail));
    return { totpRemoved, passkeysRemoved };
  });
}
