import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { userEmailChanges } from '../../db/schema';
import type { Config } from '../../config';
import type { Mail } from '../../mail/mail';
import type { Outbox } from '../../mail/outbox';
import { type ChangingAdmin, emailChangedMail, mailContextOf, mailLanguageOf, type MailUser } from './identity-mail';

/*
 * After an ADMIN changes a user's e-mail, the previous address still hears about the account for
 * a while: it is told of the change at once (emailChangedMail), and reset links, 2-step reset
 * notices and new sign-in notices go to both addresses. An ADMIN who changes the address, resets
 * the 2-step verification and asks for a reset link cannot take the account over unseen. Both
 * identity modes record the change here, in the portal's database.
 */

/** How long after an e-mail change the previous address gets the account's mails too. */
export const emailChangeNoticeMs = 15 * 60_000;

/** The address as the previous one is told of it: its first character, then `***@` and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * Records that the account's address changed from `previousEmail` at `at`. A change within the
 * window of an earlier one keeps the earlier previous address (the owner's, most likely) and
 * restarts the window: changing it twice does not shake the owner off.
 */
export async function recordEmailChange(db: Db, change: { accountId: string; previousEmail: string; at: Date }): Promise<void> {
  const since = new Date(change.at.getTime() - emailChangeNoticeMs);
  await db
    .insert(userEmailChanges)
    .values({ accountId: change.accountId, previousEmail: change.previousEmail, changedAt: change.at })
    .onConflictDoUpdate({
      target: userEmailChanges.accountId,
      set: {
        previousEmail: sql`CASE WHEN ${userEmailChanges.changedAt} > ${since.toISOString()} THEN ${userEmailChanges.previousEmail} ELSE excluded.previous_email END`,
        changedAt: change.at,
      },
    });
}

/**
 * The account now has another id (Keycloak mode replaces an account awaiting activation by a copy,
 * keycloak-pending-account.ts): its recent e-mail change goes with it, so the previous address
 * is still told for the rest of the window.
 */
export async function moveEmailChange(db: Db, fromAccountId: string, toAccountId: string): Promise<void> {
  await db.update(userEmailChanges).set({ accountId: toAccountId }).where(eq(userEmailChanges.accountId, fromAccountId));
}

/** Whether two addresses are the same mailbox as far as a change goes (letter case aside). */
export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Where the account's reset links and security notices go: its address, and within
 * `emailChangeNoticeMs` of an e-mail change the previous one too.
 */
export async function accountAddresses(db: Db, account: { id: string; email: string }, now = new Date()): Promise<string[]> {
  const since = new Date(now.getTime() - emailChangeNoticeMs);
  const { rows } = await db.execute<{ previous_email: string }>(
    sql`SELECT previous_email FROM ${userEmailChanges} WHERE account_id = ${account.id} AND changed_at > ${since.toISOString()}`,
  );
  const previous = rows[0]?.previous_email;
  return previous && !sameAddress(previous, account.email) ? [account.email, previous] : [account.email];
}

/** The same mail to each address. */
export function mailTo(addresses: readonly string[], mail: Mail): Mail[] {
  return addresses.map((to) => ({ ...mail, to }));
}

/**
 * After an account's address changed from `account.email` to `newEmail`: tells the previous address
 * (and one still in an earlier change's window) and records the change, in the caller's transaction
 * when the directory has one.
 */
export async function noteEmailChange(
  db: Db,
  options: { outbox: Outbox; config: Config },
  change: { account: MailUser & { id: string }; newEmail: string; by: ChangingAdmin; at: Date },
): Promise<void> {
  const { account, newEmail, by, at } = change;
  const told = (await accountAddresses(db, account, at)).filter((address) => !sameAddress(address, newEmail));
  await recordEmailChange(db, { accountId: account.id, previousEmail: account.email, at });
  const notice = emailChangedMail(
    account,
    {
      previousEmail: account.email,
      maskedNewEmail: maskEmail(newEmail),
      by,
      at,
      noticeMinutes: emailChangeNoticeMs / 60_000,
      supportEmail: options.config.supportEmail,
    },
    mailContextOf(options.config),
    mailLanguageOf(account),
  );
  await options.outbox.add(db, ...mailTo(told, notice));
}
