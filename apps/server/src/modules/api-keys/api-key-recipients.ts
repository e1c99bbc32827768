import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { UserDirectory } from '../../identity/directory/user-directory';
import type { Recipient } from '../../mail/mail-texts';
import { administratorRecipients, distinctRecipients, technicalContactRecipient } from '../../mail/recipients';
import { findTechContact } from './api-keys.repository';

/**
 * Who is told of a registrar's API keys: its technical contact (the WHOIS tech contact's email, in
 * the registrar's language) and its ADMIN users (each in their own). Asked before the transaction
 * that queues the mails: the directory does not take part in it (it may be Keycloak), and when it
 * cannot be reached the technical contact is still told.
 */
export async function apiKeyRecipients(
  deps: { db: Db; directory: UserDirectory; log: Pick<FastifyBaseLogger, 'error'> },
  registrarHandle: string,
): Promise<Recipient[]> {
  const [users, tech] = await Promise.all([
    deps.directory.listUsers(registrarHandle).catch((error: unknown) => {
      deps.log.error({ err: error, registrar: registrarHandle }, "API key notice: the registrar's administrators could not be listed");
      return [];
    }),
    findTechContact(deps.db, registrarHandle),
  ]);
  return distinctRecipients([technicalContactRecipient(tech?.email ?? '', tech?.language), ...administratorRecipients(users)]);
}
