import type { UserDirectory } from '../../identity/directory/user-directory';
import type { SignedInUser } from '../../plugins/auth';

export function meService(directory: UserDirectory) {
  /** Mails the caller a password-reset link (spec: Reset Password in the footer, any role). */
  async function requestPasswordReset(user: SignedInUser): Promise<void> {
    await directory.sendPasswordReset(user.username);
  }

  return { requestPasswordReset };
}
