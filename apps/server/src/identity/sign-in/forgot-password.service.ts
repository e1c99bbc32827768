import { accessEnded, type Language } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { findRegistrarStatus } from '../../db/registrar-status';
import { registrarAllowsSignIn } from '../../lib/registrar-status-policy';
import { findUserRowForSignIn } from '../directory/directory.repository';
import type { UserDirectory } from '../directory/user-directory';
import { lockoutAccount } from '../../lib/lockout-policy';

/**
 * The shortest time a forgotten-password answer takes: mailing a link (a token and a queued mail in
 * one transaction) takes a few milliseconds that looking up an unknown name does not, so every
 * answer waits until this much has passed, and the timing says nothing of whether the account exists.
 */
export const forgotPasswordAnswerMs = 300;

export interface ForgotPasswordOptions {
  db: Db;
  directory: UserDirectory;
  now?: () => Date;
  answerMs?: number;
}

/**
 * 'Forgot password?' on the embedded sign-in page: the typed username is found as sign-in finds it
 * (any letter case), and only an active account that may sign in (enabled, access not ended, its
 * registrar not BLOCKED or DELETED) is mailed a reset link, through the directory. A user who has
 * not activated yet asks their administrator for the activation mail again: the reset link is for
 * passwords that exist.
 */
export function forgotPassword(options: ForgotPasswordOptions) {
  const now = options.now ?? (() => new Date());
  const answerMs = options.answerMs ?? forgotPasswordAnswerMs;

  /** `pageLanguage`: the sign-in page's, for an account that chose none (the mail tells nothing the page does not). */
  return async function requestReset(typedUsername: string, pageLanguage: Language): Promise<void> {
    const until = Date.now() + answerMs;
    try {
      const user = await findUserRowForSignIn(options.db, lockoutAccount(typedUsername));
      const mayReset = user !== undefined && user.state === 'active' && user.disabledAt === null && !accessEnded(user.accessEnd, now());
      const status = mayReset ? await findRegistrarStatus(options.db, user.registrarHandle) : undefined;
      if (mayReset && registrarAllowsSignIn(status)) await options.directory.sendPasswordReset(user.username, { pageLanguage });
    } finally {
      const left = until - Date.now();
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    }
  };
}

export type ForgotPassword = ReturnType<typeof forgotPassword>;
