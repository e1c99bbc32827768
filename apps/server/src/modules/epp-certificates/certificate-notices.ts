import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { UserDirectory } from '../../identity/directory/user-directory';
import type { Recipient } from '../../mail/mail-texts';
import { administratorRecipients, distinctRecipients, technicalContactRecipient } from '../../mail/recipients';
import { findRegistrarEpp } from '../epp/epp.repository';

/**
 * Who is told of a registrar's EPP client certificates: its technical contact (in the registrar's
 * language) and its ADMIN users (each in their own), one mail each. Asked before the transaction that
 * queues the mails: the directory (maybe Keycloak) takes no part in it, and when it cannot be reached
 * the technical contact is still told.
 */
export async function certificateRecipients(
  deps: { db: Db; directory: UserDirectory; log: Pick<FastifyBaseLogger, 'error'> },
  registrarHandle: string,
): Promise<Recipient[]> {
  const [users, registrar] = await Promise.all([
    deps.directory.listUsers(registrarHandle).catch((error: unknown) => {
      deps.log.error({ err: error, registrar: registrarHandle }, "EPP certificate notice: the registrar's administrators could not be listed");
      return [];
    }),
    findRegistrarEpp(deps.db, registrarHandle),
  ]);
  return distinctRecipients([technicalContactRecipient(registrar?.techContactEmail ?? '', registrar?.language), ...administratorRecipients(users)]);
}
