import type { Language, PanelRole } from '@registrar-panel/contract';
import type { ChangingAdmin } from './identity-mail';

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
  /**
   * 'disabled' while an ADMIN (or the access-end job) keeps the user from signing in; enabling them
   * again restores the state they had ('awaiting_activation' or 'active').
   */
  state: 'awaiting_activation' | 'active' | 'locked' | 'disabled';
  /** The last day, in Brussels, the user may sign in (`YYYY-MM-DD`; contract `accessEnded`), or null. */
  accessEnd: string | null;
  hasTotp: boolean;
  /**
   * The language the user chose for the portal and their mails, or null when they never chose one
   * (mails are then in English). With Keycloak it is the user's `locale` attribute.
   */
  language: Language | null;
  createdAt: Date;
}

/** A new panel user, as an ADMIN describes them. */
export interface NewDirectoryUser {
  username: string;
  registrarHandle: string;
  name: string;
  email: string;
  roles: PanelRole[];
}

/**
 * 'created-mail-failed': the user exists, but the activation mail could not be sent; the ADMIN is
 * told so and can send it again (`sendActivation`).
 */
/**
 * Thrown by `sendActivation`, before anything changes, for an account whose activation the registry
 * sends (with Keycloak: an account holding what the portal may not give, such as ADMIN or a group).
 */
export class ActivationByRegistryError extends Error {}

export type CreateUserOutcome = 'created' | 'created-mail-failed' | 'taken';

/** What `changePassword` did; only 'changed' changed anything. */
export type PasswordChangeOutcome =
  | { status: 'changed' }
  /** The current password was wrong: counted by the sign-in lockout. */
  | { status: 'wrongPassword' }
  | { status: 'locked' }
  /** Against the policy (a common password, the username, the registrar…, or the current one again). */
  | { status: 'unsafe' }
  /** The identity service changes it on its own pages (Keycloak: `kc_action=UPDATE_PASSWORD`). */
  | { status: 'atIdentityService' };

/** A user's second factors as the directory holds them (the user list and My account show them). */
export interface UserSecondFactors {
  totp: boolean;
  /** Oldest first. `lastUsedAt` is null until first used, and always with Keycloak, which keeps no last use. */
  passkeys: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }[];
}

/** What `removePasskey` did: 'last' removed nothing, since the passkey is the user's last second factor. */
export type PasskeyRemovalOutcome = 'removed' | 'notFound' | 'last';

export interface SignInRecord {
  at: Date;
  ip: string | null;
  /** 'success' or the reason of a failure. */
  outcome: string;
}

/** The users list's read: the registrar's users, and the second factors of each. */
export interface UsersWithSecondFactors {
  users: DirectoryUser[];
  factors: Map<string, UserSecondFactors>;
}

/**
 * Every operation on panel users goes through this interface. The embedded implementation keeps
 * users in the product's PostgreSQL (database-user-directory.ts); with IDENTITY_MODE=keycloak they
 * live in the registry's Keycloak, reached through its admin API (keycloak-user-directory.ts).
 */
export interface UserDirectory {
  listUsers(registrarHandle: string): Promise<DirectoryUser[]>;
  /** `listUsers` and `secondFactorsOf` of them: one statement in the embedded directory. */
  listUsersWithSecondFactors(registrarHandle: string): Promise<UsersWithSecondFactors>;
  findUser(username: string): Promise<DirectoryUser | null>;
  /** The account a session or token names by its subject id. */
  findUserById(id: string): Promise<DirectoryUser | null>;
  /**
   * Creates a user awaiting activation and mails them the activation link (valid 12 hours, single
   * use); 'taken' when the username exists already in any letter case.
   */
  createUser(user: NewDirectoryUser): Promise<CreateUserOutcome>;
  /**
   * Mails a user awaiting activation a new activation link, and earlier activation links stop
   * working; throws when the mail cannot be sent, and ActivationByRegistryError for an account the
   * registry activates.
   */
  sendActivation(username: string): Promise<void>;
  /**
   * Changing the roles ends the user's sessions: the next sign-in gets the new roles. Changing the
   * email mails the previous address (who did it, the new one masked) and records the change, so
   * that for a while the previous address gets the account's reset links and notices too
   * (email-change.ts).
   */
  updateUser(username: string, changes: { name: string; email: string; roles: PanelRole[] }, by: ChangingAdmin): Promise<void>;
  /**
   * Disabling refuses the user's sign-ins and ends their sessions, grants and refresh tokens;
   * enabling lets them sign in again. Nothing else about the user changes.
   */
  setEnabled(username: string, enabled: boolean): Promise<void>;
  /** Sets or clears the last day (`YYYY-MM-DD`, Brussels) the user may sign in. */
  setAccessEnd(username: string, accessEnd: string | null): Promise<void>;
  /**
   * Disables every enabled user whose access end day is before `today` (`YYYY-MM-DD`, Brussels) and
   * ends their sessions; answers their usernames. The access-end job calls it (jobs/access-end.ts).
   */
  disableEndedAccess(today: string): Promise<string[]>;
  /**
   * Sets (null: clears) the language the user chose; nothing else changes, and their sessions go on
   * (tokens minted before carry the earlier choice until they are refreshed).
   */
  setLanguage(username: string, language: Language | null): Promise<void>;
  /** Deletes the user and ends their sessions, grants and refresh tokens. */
  deleteUser(username: string): Promise<void>;
  /**
   * Ends the user's sessions, grants and refresh tokens and nothing else: the API refused them
   * because their registrar may not sign in (BLOCKED, DELETED), and the session ends with that.
   */
  endSessions(username: string): Promise<void>;
  /** Removes the TOTP secret and ends the user's sessions: they enrol again at next sign-in, and are told so by mail. */
  resetTotp(username: string): Promise<void>;
  /** The second factors of each user found (users not found are left out). */
  secondFactorsOf(usernames: readonly string[]): Promise<Map<string, UserSecondFactors>>;
  /**
   * Removes every passkey of the user and nothing else (TOTP stays); answers how many were removed.
   * A user left with no second factor enrols again at their next sign-in.
   */
  removeAllPasskeys(username: string): Promise<number>;
  /**
   * Mails the user a password-reset link (valid 12 hours, single use), in their language; one who
   * chose none gets it in `pageLanguage` (the page it was asked from), else English.
   */
  sendPasswordReset(username: string, options?: { pageLanguage?: Language }): Promise<void>;
  /** The latest sign-in attempts, newest first. */
  signInAttempts(username: string, limit: number): Promise<SignInRecord[]>;

  // The user's own account (modules/account/). A session is named by its id, the `sid` of its access tokens.

  /**
   * Where the user changes their password and authenticator: 'portal' (the embedded service: the
   * two methods below), or 'identityService' (Keycloak's pages, through an application-initiated action).
   */
  readonly credentialsAt: 'portal' | 'identityService';
  /**
   * Checks the current password as the sign-in does (its lockout counts a wrong one), applies the
   * password policy and sets the new one. Sessions are the caller's business (`endSessionsOf`).
   */
  changePassword(username: string, change: { currentPassword: string; newPassword: string; ip: string }): Promise<PasswordChangeOutcome>;
  /** Replaces the user's TOTP secret with one they proved with a code (its time step, used up); false where 'identityService'. */
  replaceTotp(username: string, secret: string, usedStep: number): Promise<boolean>;
  /** Which of `sessionIds` are open sessions of the user at the identity service (signed out or expired ones are not). */
  openSessions(username: string, sessionIds: readonly string[]): Promise<Set<string>>;
  /**
   * Ends sessions of the user at the identity service (`only` those, or every one `except` one),
   * so that they cannot refresh; answers the session ids ended.
   */
  endSessionsOf(username: string, which: { only: readonly string[] } | { except: string | null }): Promise<string[]>;

  // Passkeys (issue 33). With Keycloak they live in Keycloak and are added on its pages (`kc_action=webauthn-register`).

  /** Removes one of the user's passkeys unless it is their last second factor; two removals side by side never leave none. */
  removePasskey(username: string, passkeyId: string): Promise<PasskeyRemovalOutcome>;
  /**
   * Applies the registrar's passkey requirement at the identity service to all its users, or to one
   * user (a new one): required, their next sign-in asks the passkey alone, or of a user without one
   * the code and then a new passkey; no longer required, the passkey or the code again.
   */
  applyPasskeyRequirement(to: { registrar: string } | { username: string }, required: boolean): Promise<void>;
  /**
   * Makes the sign-in ask the user's passkey before the code when they have one. Keycloak asks the
   * user's second factors in the order they are stored (a new passkey comes after the TOTP): its
   * passkeys are moved first. The embedded sign-in always asks the passkey first: nothing to do.
   */
  preferPasskeys(username: string): Promise<void>;
}
