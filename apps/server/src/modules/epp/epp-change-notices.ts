import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { UserDirectory } from '../../identity/directory/user-directory';
import type { Outbox } from '../../mail/outbox';
import type { Recipient } from '../../mail/mail-texts';
import { administratorRecipients, distinctRecipients, technicalContactRecipient } from '../../mail/recipients';
import type { SignedInUser } from '../../plugins/auth';
import { eppChangeMail, type EppChange } from './epp-change-mail';
import type { RegistrarEppRow } from './epp.repository';

/**
 * The security notice of an EPP change, to the registrar's technical contact and its ADMIN users,
 * one mail each so that no recipient sees the others' addresses. The mails are queued in the
 * change's own transaction: a saved change always has its notice on the way, and a mail server
 * that is down neither fails nor slows the save (mail/outbox.ts).
 */
export function eppChangeNotices(options: { directory: UserDirectory; outbox: Outbox; log: FastifyBaseLogger; supportEmail: string; productName: string }) {
  /**
   * The ADMIN users' addresses, asked before the transaction: the directory does not take part in
   * it (it may be Keycloak). The technical contact is told even when the directory cannot be reached.
   */
  async function administratorsOf(registrarHandle: string): Promise<Recipient[]> {
    const users = await options.directory.listUsers(registrarHandle).catch((error: unknown) => {
      options.log.error({ err: error, registrar: registrarHandle }, "EPP change notification: the registrar's administrators could not be listed");
      return [];
    });
    return administratorRecipients(users);
  }

  /** Queues the notice in the change's transaction. */
  async function queue(tx: Db, notice: { registrar: RegistrarEppRow; administrators: Recipient[]; actor: SignedInUser; change: EppChange; at: Date }) {
    const { registrar, actor, change, at } = notice;
    const recipients = distinctRecipients([technicalContactRecipient(registrar.techContactEmail, registrar.language), ...notice.administrators]);
    const context = { registrarHandle: registrar.handle, actor, at, supportEmail: options.supportEmail, productName: options.productName };
    await options.outbox.add(tx, ...recipients.map((recipient) => ({ to: recipient.email, ...eppChangeMail(change, context, recipient.language) })));
  }

  return { administratorsOf, queue };
}

export type EppChangeNotices = ReturnType<typeof eppChangeNotices>;
