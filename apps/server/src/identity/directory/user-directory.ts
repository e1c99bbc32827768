import type { PanelRole } from '@registrar-panel/contract';

/** A user of the directory as the rest of the server sees it; secrets never leave the directory. */
export interface DirectoryUser {
  /** The account's subject id; a username deleted and created again is another account. */
  id: string;
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
  /** The account a session or token names by its subject id. */
  findUserById(id: string): Promise<DirectoryUser | null>;
  /**
   * Creates a user awaiting activation and mails them the activation link (valid 12 hours, single
   * use); 'taken' when the username exists already in any letter case.
   */
  createUser(user: { username: string; registrarHandle: string; name: string; email: string; roles: PanelRole[] }): Promise<'created' | 'taken'>;
  /** Changing the roles ends the user's sessions: the next sign-in gets the new roles. */
  updateUser(username: string, changes: { name: string; email: string; roles: PanelRole[] }): Promise<void>;
  /** Deletes the user and ends their sessions, grants and refresh tokens. */
  deleteUser(username: string): Promise<void>;
  /** Removes the TOTP secret and ends the user's sessions: they enrol again at next sign-in, and are told so by mail. */
  resetTotp(username: string): Promise<void>;
  /** Mails the user a password-reset link (valid 12 hours, single use). */
  sendPasswordReset(username: string): Promise<void>;
  /** The latest sign-in attempts, newest first. */
  signInAttempts(username: string, limit: number): Promise<SignInRecord[]>;
}
