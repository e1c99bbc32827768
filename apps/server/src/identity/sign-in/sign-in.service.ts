import { accessEnded, type SignInOutcome } from '@registrar-panel/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { GateFull, type WorkGate } from '../../lib/work-gate';
import type { Outbox } from '../../mail/outbox';
import { mailContextOf, mailLanguageOf } from '../directory/identity-mail';
import {
  claimTotpStep,
  findRegistrarHandle,
  findUserRow,
  findUserRowForSignIn,
  hasSignedIn,
  insertSignInAttempt,
  updateUserRow,
  type UserRow,
} from '../directory/directory.repository';
import { accountAddresses, mailTo } from '../directory/email-change';
import { newIpSignInMail } from '../directory/identity-mail';
import { subscriberOf } from '../../lib/addresses';
import { findRegistrarStatus } from '../../db/registrar-status';
import { registrarAllowsSignIn } from '../../lib/registrar-status-policy';
import { everywhere, lockoutAccount, lockWaitsMs } from '../../lib/lockout-policy';
import { clearFailures, countFailure, lockedUntil } from './lockout.repository';
import { verifyPassword } from './passwords';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { productNameOf } from '../directory/identity-mail';
import { authenticateWithPasskey, authenticationOptions, registerPasskey, registrationOptions, type PasskeyDeps } from '../passkeys/passkeys';
import { passkeysRequiredOf } from '../passkeys/passkey-policy.repository';
import { hasPasskeys } from '../passkeys/passkeys.repository';
import { relyingPartyOf } from '../passkeys/relying-party';
import { decryptTotpSecret, encryptTotpSecret, matchTotpCode, totpKey } from './totp';

/** Refusals after the right password that no other answer can help with: the sign-in starts again with the reason. */
export type AccountRefusal = { status: 'registrarBlocked' } | { status: 'disabled' } | { status: 'accessEnded' };
export type StepRefusal = { status: 'refused' } | { status: 'locked'; retryAfterSeconds: number } | { status: 'busy' } | AccountRefusal;
export type StepResult<T = object> = ({ status: 'ok' } & T) | StepRefusal;

export interface SignInOptions {
  db: Db;
  outbox: Outbox;
  config: Config;
  /** Bounds the password checks running at once (argon2 is the costly part of a sign-in). */
  passwordWork: WorkGate;
  now?: () => Date;
  /** Told of every attempt as it is recorded, success included (the metrics count outcomes). */
  onOutcome?: (outcome: SignInOutcome) => void;
}

export type SignIn = ReturnType<typeof signInSteps>;

const later = (a: Date | undefined, b: Date | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * The decisions of signing in: password, then one-time code (or TOTP enrolment), with the lockout,
 * the sign-in records and the new-IP notification. The pages only ask and show.
 *
 * The lockout is counted per canonical account name in one SQL statement per failure, and checked
 * before the slow password check and again after it, so a burst of parallel guesses locks the
 * account at the fifth failure like a slow series does, for unknown usernames exactly as for
 * real ones.
 */
export function signInSteps(options: SignInOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const key = totpKey(options.config.totpEncryptionKey);
  const rp = relyingPartyOf(options.config.publicUrl);
  // Passkeys only where the browser can use them: PUBLIC_URL's host is a name (relying-party.ts).
  const passkeyDeps: PasskeyDeps | undefined = rp.available ? { db, rp, rpName: productNameOf(options.config.tld), now } : undefined;

  const record = async (username: string, ip: string, outcome: SignInOutcome) => {
    await insertSignInAttempt(db, { username, ip, outcome, at: now() });
    options.onOutcome?.(outcome);
  };

  /**
   * What a refused sign-in is recorded under: the account's username, or, for a name that is no
   * account, never the typed text (anyone could write into a registrar's history with it): `@handle`
   * when what follows its last `@` is a registrar (the registrar sees that someone tried a name it
   * does not have), otherwise `@` alone, which is no registrar's.
   */
  async function recordedName(user: UserRow | undefined, canonical: string): Promise<string> {
    if (user) return user.username;
    const at = canonical.lastIndexOf('@');
    const handle = at < 0 ? undefined : await findRegistrarHandle(db, canonical.slice(at + 1));
    return `@${handle ?? ''}`;
  }

  const lockedFor = (until: Date): StepRefusal => ({ status: 'locked', retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now().getTime()) / 1000)) });

  /** The counts that apply to an attempt: from its address, and from everywhere. */
  const sourcesOf = (ip: string) => [subscriberOf(ip), everywhere];

  /** When the account is locked for an attempt from `ip`, if it is. */
  const lockFor = (recordedAs: string, ip: string) => lockedUntil(db, lockoutAccount(recordedAs), sourcesOf(ip), now());

  /** A refusal while the account waits: recorded (under `recordAs`), not counted (it does not extend the wait). */
  async function refuseLocked(recordedAs: string, ip: string, until: Date, recordAs: string = recordedAs): Promise<StepRefusal> {
    await record(recordAs, ip, 'locked');
    return lockedFor(until);
  }

  /**
   * Counts a failure from the address; only a failure counted there also counts everywhere, so an
   * address that is locked adds nothing to the account's count from everywhere.
   */
  async function fail(recordedAs: string, ip: string, outcome: SignInOutcome, recordAs: string = recordedAs): Promise<StepRefusal> {
    const account = lockoutAccount(recordedAs);
    const fromAddress = await countFailure(db, { account, source: subscriberOf(ip) }, now(), lockWaitsMs.fromAddress);
    const fromEverywhere = fromAddress.counted
      ? await countFailure(db, { account, source: everywhere }, now(), lockWaitsMs.everywhere)
      : { counted: false, lockedUntil: undefined };
    // Counted: the outcome as it was. Not counted: another request locked the account meanwhile.
    await record(recordAs, ip, fromAddress.counted ? outcome : 'locked');
    const until = later(fromAddress.lockedUntil, fromEverywhere.lockedUntil);
    return until ? lockedFor(until) : { status: 'refused' };
  }

  /**
   * The registrar status policy at sign-in: the user of a registrar that may not sign in (BLOCKED,
   * DELETED) is refused with a message of its own, recorded, and not counted by the lockout: it is
   * no guess. Asked only once the password is right, so the message tells a guesser nothing.
   */
  async function refuseForRegistrar(user: UserRow, ip: string): Promise<StepRefusal | undefined> {
    const status = await findRegistrarStatus(db, user.registrarHandle);
    // The user's registrar always exists (a foreign key); the API lets a missing one through as well.
    if (registrarAllowsSignIn(status)) return undefined;
    await record(user.username, ip, 'registrarBlocked');
    return { status: 'registrarBlocked' };
  }

  /**
   * A user an ADMIN disabled, or whose access end day has passed (contract `accessEnded`), is
   * refused with a reason of their own, recorded and not counted: like the registrar's block, it is
   * asked only once the password is right, so it tells a guesser nothing.
   */
  async function refuseForAccount(user: UserRow, ip: string): Promise<StepRefusal | undefined> {
    const outcome = user.disabledAt !== null ? 'disabled' : accessEnded(user.accessEnd, now()) ? 'accessEnded' : undefined;
    if (!outcome) return refuseForRegistrar(user, ip);
    await record(user.username, ip, outcome);
    return { status: outcome };
  }

  /** The user's sign-in succeeded, unless the account got locked meanwhile. */
  async function succeed(user: UserRow, ip: string): Promise<StepResult<{ accountId: string }>> {
    const until = await clearFailures(db, lockoutAccount(user.username), sourcesOf(ip), now());
    if (until) return refuseLocked(user.username, ip, until);
    const signedInBefore = await hasSignedIn(db, user.username);
    const knownIp = signedInBefore && (await hasSignedIn(db, user.username, ip));
    // The success and its mail are one change: the mail is queued with the record, and the
    // sign-in never waits for the mail server (mail/outbox.ts).
    await db.transaction(async (tx) => {
      await insertSignInAttempt(tx, { username: user.username, ip, outcome: 'success', at: now() });
      // The very first sign-in has no earlier address to differ from: no mail for it. Shortly after
      // an email change every sign-in is told, to both addresses (email-change.ts).
      const addresses = await accountAddresses(tx, user, now());
      const newIp = signedInBefore && !knownIp;
      if (newIp || addresses.length > 1) {
        await options.outbox.add(
          tx,
          ...mailTo(addresses, newIpSignInMail(user, { ip, at: now(), newIp }, mailContextOf(options.config), mailLanguageOf(user))),
        );
      }
    });
    // Counted once it is recorded, not before the transaction commits.
    options.onOutcome?.('success');
    return { status: 'ok', accountId: user.id };
  }

  /** Step 2's common start: the user may go on with a code, or is refused or waiting. */
  async function userForCode(username: string, ip: string, enrolled: boolean): Promise<UserRow | StepRefusal> {
    const user = await findUserRow(db, username);
    if (!user || user.state !== 'active' || (user.totpSecretEncrypted !== null) !== enrolled) return { status: 'refused' };
    const until = await lockFor(user.username, ip);
    if (until) return refuseLocked(user.username, ip, until);
    // The registry may have blocked the registrar, or an ADMIN the user, since the password step.
    return (await refuseForAccount(user, ip)) ?? user;
  }

  /** Step 2 with a passkey: the user is still active, not locked, and their account may sign in. */
  async function userForPasskey(username: string, ip: string): Promise<UserRow | StepRefusal> {
    const user = await findUserRow(db, username);
    if (!user || user.state !== 'active') return { status: 'refused' };
    const until = await lockFor(user.username, ip);
    if (until) return refuseLocked(user.username, ip, until);
    return (await refuseForAccount(user, ip)) ?? user;
  }

  return {
    /** Step 1. Answers the same way for unknown usernames, wrong passwords and inactive accounts. */
    async checkPassword(input: {
      username: string;
      password: string;
      ip: string;
    }): Promise<StepResult<{ username: string; hasTotp: boolean; hasPasskey: boolean; passkeysRequired: boolean }>> {
      // One canonical form for finding the user, counting and limiting (lockoutAccount).
      const canonical = lockoutAccount(input.username);
      const user = await findUserRowForSignIn(db, canonical);
      // Unknown usernames are counted in the canonical form, as known ones are; recorded without it.
      const recordedAs = user?.username ?? canonical;
      const recordAs = await recordedName(user, canonical);
      const before = await lockFor(recordedAs, input.ip);
      if (before) return refuseLocked(recordedAs, input.ip, before, recordAs);
      let passwordOk: boolean;
      try {
        // Always verify (a decoy hash without a user), so that the answer takes as long either way.
        passwordOk = await options.passwordWork.run(() => verifyPassword(user?.passwordHash ?? null, input.password));
      } catch (error) {
        if (error instanceof GateFull) return { status: 'busy' };
        throw error;
      }
      if (!user || !passwordOk) return fail(recordedAs, input.ip, 'wrongPassword', recordAs);
      if (user.state !== 'active') return fail(recordedAs, input.ip, 'disabled');
      // Parallel guesses may have locked the account while this password was checked.
      const after = await lockFor(recordedAs, input.ip);
      if (after) return refuseLocked(recordedAs, input.ip, after);
      const blocked = await refuseForAccount(user, input.ip);
      if (blocked) return blocked;
      const hasPasskey = passkeyDeps !== undefined && (await hasPasskeys(db, user.username));
      // The registrar's ADMIN may require passkeys; only where the browser can use them.
      const passkeysRequired = passkeyDeps !== undefined && (await passkeysRequiredOf(db, user.registrarHandle));
      return { status: 'ok', username: user.username, hasTotp: user.totpSecretEncrypted !== null, hasPasskey, passkeysRequired };
    },

    /** Step 2 for an enrolled user: the code of the current 30-second step (±1), accepted once. */
    async checkCode(input: { username: string; code: string; ip: string }): Promise<StepResult<{ accountId: string }>> {
      const user = await userForCode(input.username, input.ip, true);
      if ('status' in user) return user;
      const secret = decryptTotpSecret(user.totpSecretEncrypted ?? '', key);
      const step = await matchTotpCode(secret, input.code, user.totpLastStep, now().getTime());
      if (step === null || !(await claimTotpStep(db, user.username, step))) return fail(user.username, input.ip, 'wrongCode');
      return succeed(user, input.ip);
    },

    /**
     * Step 2 where passkeys are required of a user who has none yet but has the app: the code is
     * checked (and its step used up) as `checkCode` does, but signs nobody in: it only lets the user
     * go on to add a passkey (`completePasskeyEnrolment`).
     */
    async checkCodeToEnrolPasskey(input: { username: string; code: string; ip: string }): Promise<StepResult> {
      const user = await userForCode(input.username, input.ip, true);
      if ('status' in user) return user;
      const secret = decryptTotpSecret(user.totpSecretEncrypted ?? '', key);
      const step = await matchTotpCode(secret, input.code, user.totpLastStep, now().getTime());
      if (step === null || !(await claimTotpStep(db, user.username, step))) return fail(user.username, input.ip, 'wrongCode');
      return { status: 'ok' };
    },

    /** The options of the passkey enrolment step (a new single-use challenge each time); none when passkeys are not offered. */
    async passkeyRegistrationOptions(username: string): Promise<PublicKeyCredentialCreationOptionsJSON | undefined> {
      const user = await findUserRow(db, username);
      return passkeyDeps && user && registrationOptions(passkeyDeps, { username: user.username, id: user.id, name: user.name });
    },

    /**
     * The last step where passkeys are required: the browser's new passkey is checked and kept under
     * `name`, and the user is signed in with it. A refused answer is not a guess at a secret: not
     * counted by the lockout (the sign-in's request limits still apply).
     */
    async completePasskeyEnrolment(input: {
      username: string;
      response: RegistrationResponseJSON;
      name: string;
      ip: string;
    }): Promise<StepResult<{ accountId: string }>> {
      if (!passkeyDeps) return { status: 'refused' };
      const user = await userForPasskey(input.username, input.ip);
      if ('status' in user) return user;
      const checked = await registerPasskey(passkeyDeps, user.username, input.response, input.name);
      if (!checked.ok) return { status: 'refused' };
      return succeed(user, input.ip);
    },

    /** Step 2 for a user without a secret: the first code proves the app holds `secret`, which is then kept. */
    async completeEnrolment(input: { username: string; secret: string; code: string; ip: string }): Promise<StepResult<{ accountId: string }>> {
      const user = await userForCode(input.username, input.ip, false);
      if ('status' in user) return user;
      const step = await matchTotpCode(input.secret, input.code, null, now().getTime());
      if (step === null) return fail(user.username, input.ip, 'wrongCode');
      await updateUserRow(db, user.username, { totpSecretEncrypted: encryptTotpSecret(input.secret, key), totpLastStep: step });
      return succeed(user, input.ip);
    },

    /** The options of a passkey step for the user (a new single-use challenge each time); none when passkeys are not offered. */
    async passkeyOptions(username: string): Promise<PublicKeyCredentialRequestOptionsJSON | undefined> {
      return passkeyDeps && authenticationOptions(passkeyDeps, username);
    },

    /**
     * Step 2 with a passkey (identity/passkeys/passkeys.ts checks it): a refusal counts as a wrong
     * code does, towards the same lockout.
     */
    async checkPasskey(input: { username: string; response: AuthenticationResponseJSON; ip: string }): Promise<StepResult<{ accountId: string }>> {
      if (!passkeyDeps) return { status: 'refused' };
      const user = await userForPasskey(input.username, input.ip);
      if ('status' in user) return user;
      const checked = await authenticateWithPasskey(passkeyDeps, user.username, input.response);
      if (!checked.ok) return fail(user.username, input.ip, 'wrongCode');
      return succeed(user, input.ip);
    },

    /** Seals a secret that waits in the sign-in interaction until the user confirms it. */
    sealPendingSecret: (secret: string): string => encryptTotpSecret(secret, key),
    openPendingSecret: (sealed: string): string => decryptTotpSecret(sealed, key),
  };
}
