import type { PanelRole } from '@registrar-panel/contract';

/** A user of the directory as the rest of the server sees it; secrets never leave the directory. */
export interface DirectoryUser {
  /** `name@{registrarHandle}`. */
  username: string;
  registrarHandle: string;
  name: string;
  email: string;
  roles: PanelRole[];
  state: 'awaiting_activation' | 'active' | 'locked';
  hasTotp: boolean;
  createdAt: Date;
}

export interface SignInRecord {
  at: Date;
  ip: string | null;
  /** 'success' or the reason of a failure. */
  outcome: string;
}

/**
 * Every operation on panel users goes through this interface, so a registry that runs Keycloak
 * can plug in an implementation backed by Keycloak's admin API. The embedded implementation keeps
 * users in the product's PostgreSQL (identity/database-user-directory.ts).
 */
export interface UserDirectory {
  listUsers(registrarHandle: string): Promise<DirectoryUser[]>;
  findUser(username: string): Promise<DirectoryUser | null>;
  /** Creates a user awaiting activation and mails them the activation link (valid 12 hours, single use). */
  createUser(user: { username: string; registrarHandle: string; name: string; email: string; roles: PanelRole[] }): Promise<void>;
  updateUser(username: string, changes: { name: string; email: string; roles: PanelRole[] }): Promise<void>;
  deleteUser(username: string): Promise<void>;
  /** Removes the TOTP secret: the user enrols again at next sign-in, and is told so by mail. */
  resetTotp(username: string): Promise<void>;
  /** Mails the user a password-reset link (valid 12 hours, single use). */
  sendPasswordReset(username: string): Promise<void>;
  /** The latest sign-in attempts, newest first. */
  signInAttempts(username: string, limit: number): Promise<SignInRecord[]>;
}
