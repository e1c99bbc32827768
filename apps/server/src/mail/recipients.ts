import { defaultLanguage, matchLanguage } from '@registrar-panel/contract';
import type { DirectoryUser } from '../identity/directory/user-directory';
import type { Recipient } from './mail-texts';

/*
 * Who gets a registrar's security notices (EPP changes, API keys): its technical contact and its
 * ADMIN users, one mail each so that no recipient sees the others' addresses, each in its language:
 * a user's their own choice (else English), the technical contact, a WHOIS contact and no user, the
 * registrar's language (`registrars.language`, set by an ADMIN).
 */

/** The addresses of the ADMIN users among a registrar's users. */
export function administratorEmails(users: readonly DirectoryUser[]): string[] {
  return users.filter((user) => user.roles.includes('ADMIN')).map((user) => user.email);
}

/** The ADMIN users among a registrar's users, each with the language of their mails. */
export function administratorRecipients(users: readonly DirectoryUser[]): Recipient[] {
  return users.filter((user) => user.roles.includes('ADMIN')).map((user) => ({ email: user.email, language: user.language ?? defaultLanguage }));
}

/** The technical contact, in the registrar's language. */
export function technicalContactRecipient(email: string, registrarLanguage: string | null | undefined): Recipient {
  return { email, language: matchLanguage(registrarLanguage) ?? defaultLanguage };
}

/**
 * Each address once, whatever its case; empty ones left out. The first mention wins: the technical
 * contact first means an ADMIN who is also the technical contact gets the registrar's language.
 */
export function distinctRecipients<R extends string | Recipient>(all: readonly R[]): R[] {
  const seen = new Set<string>();
  return all.filter((recipient) => {
    const key = (typeof recipient === 'string' ? recipient : recipient.email).trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
