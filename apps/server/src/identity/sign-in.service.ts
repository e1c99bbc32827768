import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { mailContextOf } from './database-user-directory';
import {
  claimTotpStep,
  findUserRow,
  findUserRowForSignIn,
  hasSignedIn,
  insertSignInAttempt,
  latestSignInAttempts,
  updateUserRow,
  type UserRow,
} from './directory.repository';
import { newIpSignInMail } from './identity-mail';
import { consecutiveFailures, lockDurationMs, type SignInOutcome } from './lockout';
import { verifyPassword } from './passwords';
import { decryptTotpSecret, encryptTotpSecret, matchTotpCode, totpKey } from './totp';

export type StepResult<T = object> = ({ status: 'ok' } & T) | { status: 'refused' } | { status: 'locked'; retryAfterSeconds: number };

export interface SignInOptions {
  db: Db;
  mailer: Mailer;
  config: Config;
  now?: () => Date;
}

/**
 * The decisions of signing in: password, then one-time code (or TOTP enrolment), with the lockout,
 * the sign-in records and the new-IP notification. The pages only ask and show.
 */
export class SignInService {
  private readonly now: () => Date;
  private readonly key: Buffer;

  constructor(private readonly options: SignInOptions) {
    this.now = options.now ?? (() => new Date());
    this.key = totpKey(options.config.totpEncryptionKey);
  }

  /** Step 1. Answers the same way for unknown usernames, wrong passwords and inactive accounts. */
  async checkPassword(input: { username: string; password: string; ip: string }): Promise<StepResult<{ username: string; hasTotp: boolean }>> {
    const typed = input.username.trim();
    const user = await findUserRowForSignIn(this.options.db, typed);
    const recordedAs = user?.username ?? typed;
    const wait = await this.remainingWait(user, recordedAs);
    if (wait > 0) {
      await this.record(recordedAs, input.ip, 'locked');
      return { status: 'locked', retryAfterSeconds: Math.ceil(wait / 1000) };
    }
    // Always verify (a decoy hash without a user), so that the answer takes as long either way.
    const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !passwordOk) return this.fail(user, recordedAs, input.ip, 'wrongPassword');
    if (user.state !== 'active') return this.fail(user, recordedAs, input.ip, 'disabled');
    return { status: 'ok', username: user.username, hasTotp: user.totpSecretEncrypted !== null };
  }

  /** Step 2 for an enrolled user: the code of the current 30-second step (±1), accepted once. */
  async checkCode(input: { username: string; code: string; ip: string }): Promise<StepResult> {
    const user = await findUserRow(this.options.db, input.username);
    if (!user?.totpSecretEncrypted || user.state !== 'active') return { status: 'refused' };
    const wait = await this.remainingWait(user, user.username);
    if (wait > 0) {
      await this.record(user.username, input.ip, 'locked');
      return { status: 'locked', retryAfterSeconds: Math.ceil(wait / 1000) };
    }
    const secret = decryptTotpSecret(user.totpSecretEncrypted, this.key);
    const step = await matchTotpCode(secret, input.code, user.totpLastStep, this.now().getTime());
    if (step === null || !(await claimTotpStep(this.options.db, user.username, step))) return this.fail(user, user.username, input.ip, 'wrongCode');
    await this.succeed(user, input.ip);
    return { status: 'ok' };
  }

  /** Step 2 for a user without a secret: the first code proves the app holds `secret`, which is then kept. */
  async completeEnrolment(input: { username: string; secret: string; code: string; ip: string }): Promise<StepResult> {
    const user = await findUserRow(this.options.db, input.username);
    if (!user || user.totpSecretEncrypted !== null || user.state !== 'active') return { status: 'refused' };
    const wait = await this.remainingWait(user, user.username);
    if (wait > 0) {
      await this.record(user.username, input.ip, 'locked');
      return { status: 'locked', retryAfterSeconds: Math.ceil(wait / 1000) };
    }
    const step = await matchTotpCode(input.secret, input.code, null, this.now().getTime());
    if (step === null) return this.fail(user, user.username, input.ip, 'wrongCode');
    await updateUserRow(this.options.db, user.username, { totpSecretEncrypted: encryptTotpSecret(input.secret, this.key), totpLastStep: step });
    await this.succeed(user, input.ip);
    return { status: 'ok' };
  }

  /** Seals a secret that waits in the sign-in interaction until the user confirms it. */
  sealPendingSecret(secret: string): string {
    return encryptTotpSecret(secret, this.key);
  }

  openPendingSecret(sealed: string): string {
    return decryptTotpSecret(sealed, this.key);
  }

  /** How long the account (or unknown username) still has to wait, in ms. */
  private async remainingWait(user: UserRow | undefined, username: string): Promise<number> {
    const now = this.now().getTime();
    if (user) return user.lockedUntil ? Math.max(0, user.lockedUntil.getTime() - now) : 0;
    const attempts = await latestSignInAttempts(this.options.db, username, 20);
    const failures = consecutiveFailures(attempts);
    const lastFailure = attempts.find((attempt) => attempt.outcome !== 'locked');
    if (!lastFailure) return 0;
    return Math.max(0, lastFailure.at.getTime() + lockDurationMs(failures) - now);
  }

  private async fail(user: UserRow | undefined, username: string, ip: string, outcome: SignInOutcome): Promise<StepResult<never>> {
    await this.record(username, ip, outcome);
    if (user) {
      const failedAttempts = user.failedAttempts + 1;
      const lockMs = lockDurationMs(failedAttempts);
      await updateUserRow(this.options.db, user.username, {
        failedAttempts,
        lockedUntil: lockMs > 0 ? new Date(this.now().getTime() + lockMs) : user.lockedUntil,
      });
      return lockMs > 0 ? { status: 'locked', retryAfterSeconds: lockMs / 1000 } : { status: 'refused' };
    }
    const wait = await this.remainingWait(undefined, username);
    return wait > 0 ? { status: 'locked', retryAfterSeconds: Math.ceil(wait / 1000) } : { status: 'refused' };
  }

  private async succeed(user: UserRow, ip: string): Promise<void> {
    const signedInBefore = await hasSignedIn(this.options.db, user.username);
    const knownIp = signedInBefore && (await hasSignedIn(this.options.db, user.username, ip));
    await this.record(user.username, ip, 'success');
    await updateUserRow(this.options.db, user.username, { failedAttempts: 0, lockedUntil: null });
    // The very first sign-in has no earlier address to differ from: no mail for it.
    if (signedInBefore && !knownIp) {
      await this.options.mailer.send(newIpSignInMail(user, { ip, at: this.now() }, mailContextOf(this.options.config)));
    }
  }

  private async record(username: string, ip: string, outcome: SignInOutcome): Promise<void> {
    await insertSignInAttempt(this.options.db, { username, ip, outcome, at: this.now() });
  }
}
