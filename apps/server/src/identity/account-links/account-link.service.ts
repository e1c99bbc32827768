import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Outbox } from '../../mail/outbox';
import { mailContextOf, mailLanguageOf } from '../directory/identity-mail';
import { consumeUserToken, findUsableUserToken, findUserRow, updateUserRow } from '../directory/directory.repository';
import { passwordChangedMail } from '../directory/identity-mail';
import { hashLinkToken, type LinkPurpose } from './link-tokens';
import { lockoutAccount } from '../../lib/lockout-policy';
import { liftLocks } from '../sign-in/lockout.repository';
import { revokeAccountSessions } from '../provider/oidc-adapter';
import { hashPassword } from '../sign-in/passwords';
import { passwordProblem, type PasswordProblem } from './password-policy';

export type LinkState = { status: 'usable'; username: string; purpose: LinkPurpose } | { status: 'unusable' };
export type SetPasswordResult =
  { status: 'done'; purpose: LinkPurpose } | { status: 'invalid'; problem: PasswordProblem; username: string; purpose: LinkPurpose } | { status: 'unusable' };

/** Activation and reset links: check one, and set the password it allows once. */
export function accountLinks(options: { db: Db; outbox: Outbox; config: Config; now?: () => Date }) {
  const now = options.now ?? (() => new Date());

  async function check(token: string): Promise<LinkState> {
    const found = token ? await findUsableUserToken(options.db, hashLinkToken(token), now()) : undefined;
    if (!found) return { status: 'unusable' };
    return { status: 'usable', username: found.username, purpose: found.purpose === 'activation' ? 'activation' : 'reset' };
  }

  /**
   * Sets the password if it is acceptable; only then is the link used up, so that a typo in the
   * confirmation does not cost the user their link.
   */
  async function setPassword(input: { token: string; password: string; confirmation: string }): Promise<SetPasswordResult> {
    const link = await check(input.token);
    if (link.status !== 'usable') return link;
    const problem = passwordProblem(input.password, input.confirmation, { username: link.username, tld: options.config.tld });
    if (problem) return { status: 'invalid', problem, username: link.username, purpose: link.purpose };
    const passwordHash = await hashPassword(input.password);
    // The link used up, the password, the locks, the sessions and the notice: one change.
    const done = await options.db.transaction(async (tx) => {
      if (!(await consumeUserToken(tx, hashLinkToken(input.token), now()))) return false;
      const user = await findUserRow(tx, link.username);
      if (!user) return false;
      await updateUserRow(tx, user.username, {
        passwordHash,
        // Activation makes the account usable. An account locked by the registry stays locked.
        state: user.state === 'awaiting_activation' ? 'active' : user.state,
      });
      // A new password also lifts the sign-in locks, from every address: the link proved the mailbox.
      await liftLocks(tx, lockoutAccount(user.username));
      if (link.purpose === 'reset') {
        // Whoever held the old password is signed out everywhere.
        await revokeAccountSessions(tx, user.id);
        await options.outbox.add(tx, passwordChangedMail(user, { at: now() }, mailContextOf(options.config), mailLanguageOf(user)));
      }
      return true;
    });
    return done ? { status: 'done', purpose: link.purpose } : { status: 'unusable' };
  }

  return { check, setPassword };
}

export type AccountLinks = ReturnType<typeof accountLinks>;
