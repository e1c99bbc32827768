import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { UserDirectory } from '../../identity/directory/user-directory';
import { administratorEmails, distinctRecipients } from '../../mail/recipients';
import { findTechContactEmail } from './api-keys.repository';

/**
 * Who is told of a registrar's API keys: its technical contact (the WHOIS tech contact's email)
 * and its ADMIN users. Asked before the transaction that queues the mails: the directory does not
 * take part in it (it may be Keycloak), and when it cannot be reached the technical contact is
 * still told.
 */
export async function apiKeyRecipients(
  deps: { db: Db; directory: UserDirectory; log: Pick<FastifyBaseLogger, 'error'> },
  registrarHandle: string,
): Promise<string[]> {
  const [users, techEmail] = await Promise.all([
    deps.directory.listUsers(registrarHandle).catch((error: unknown) => {
      deps.log.error({ err: error, registrar: registrarHandle }, "API key notice: the registrar's administrators could not be listed");
      return [];
    }),
    findTechContactEmail(deps.db, registrarHandle),
  ]);
  return distinctRecipients([techEmail ?? '', ...administratorEmails(users)]);
}
