import type { DirectoryUser } from '../identity/directory/user-directory';

/*
 * Who gets a registrar's security notices (EPP changes, API keys): its technical contact and its
 * ADMIN users, one mail each so that no recipient sees the others' addresses.
 */

/** The addresses of the ADMIN users among a registrar's users. */
export function administratorEmails(users: readonly DirectoryUser[]): string[] {
  return users.filter((user) => user.roles.includes('ADMIN')).map((user) => user.email);
}

/** Each address once, whatever its case; empty ones left out. */
export function distinctRecipients(all: readonly string[]): string[] {
  const seen = new Set<string>();
  return all.filter((email) => {
    const key = email.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
