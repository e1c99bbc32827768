import type { Language } from '@registrar-panel/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors';
import type { UserDirectory } from '../../identity/directory/user-directory';
import type { SignedInUser } from '../../plugins/auth';

/** What the caller's own account's functions need (me.routes.ts builds it once). */
export interface MeDeps {
  directory: UserDirectory;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Mails the caller a password-reset link (spec: Reset Password in the footer, any role). */
export async function requestPasswordReset({ directory, log }: MeDeps, actor: SignedInUser): Promise<void> {
  try {
    await directory.sendPasswordReset(actor.username);
  } catch (error) {
    // The mail relay (or Keycloak's) refused or is unreachable: the user is told to try again.
    log.warn({ err: error, username: actor.username }, 'the password reset mail could not be sent');
    throw AppError.of(502, 'identity.mailFailed');
  }
}

/**
 * The caller's own language, in the directory (Keycloak: the `locale` attribute). A key-less
 * token always names its own account: there is no way to set another user's language here.
 */
export async function setMyLanguage({ directory }: Pick<MeDeps, 'directory'>, actor: SignedInUser, language: Language): Promise<void> {
  await directory.setLanguage(actor.username, language);
}
