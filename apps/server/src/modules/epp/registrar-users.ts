import { AppError } from '../../errors';
import type { DirectoryUser, UserDirectory } from '../../identity/directory/user-directory';

/**
 * The registrar's panel users, for the unsafe-password rule and the security mail. A directory that
 * cannot list users (Keycloak mode, until a Keycloak-backed directory exists) answers 501; EPP
 * changes must still work there, so they go on with no users: the rule still checks the handle and
 * the caller's username, and the mail still reaches the technical contact.
 */
export async function registrarUsers(directory: UserDirectory, registrarHandle: string): Promise<DirectoryUser[]> {
  try {
    return await directory.listUsers(registrarHandle);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 501) return [];
    throw error;
  }
}
