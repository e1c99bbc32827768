import type { UserDirectory } from '../../identity/user-directory';
import type { SignedInUser } from '../../plugins/auth';

export class MeService {
  constructor(private readonly directory: UserDirectory) {}

  /** Mails the caller a password-reset link (spec: Reset Password in the footer, any role). */
  async requestPasswordReset(user: SignedInUser): Promise<void> {
    await this.directory.sendPasswordReset(user.username);
  }
}
