import { AppError } from '../../errors';
import type { DirectoryUser, SignInRecord, UserDirectory } from './user-directory';

const managedElsewhere = () => AppError.of(501, 'identity.externalDirectory');

/**
 * The directory when Keycloak is the identity service: its users live in Keycloak and are managed
 * there, so every operation answers 501 with a message saying so. A directory backed by Keycloak's
 * admin API can replace this once it can be tested against a real Keycloak.
 */
export class ExternalUserDirectory implements UserDirectory {
  async listUsers(): Promise<DirectoryUser[]> {
    throw managedElsewhere();
  }
  async findUser(): Promise<DirectoryUser | null> {
    throw managedElsewhere();
  }
  async findUserById(): Promise<DirectoryUser | null> {
    throw managedElsewhere();
  }
  async createUser(): Promise<'created' | 'taken'> {
    throw managedElsewhere();
  }
  async updateUser(): Promise<void> {
    throw managedElsewhere();
  }
  async deleteUser(): Promise<void> {
    throw managedElsewhere();
  }
  async resetTotp(): Promise<void> {
    throw managedElsewhere();
  }
  async sendPasswordReset(): Promise<void> {
    throw managedElsewhere();
  }
  async signInAttempts(): Promise<SignInRecord[]> {
    return [];
  }
}
