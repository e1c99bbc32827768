import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { mailContextOf } from '../directory/identity-mail';
import { consumeUserToken, findUsableUserToken, findUserRow, updateUserRow } from '../directory/directory.repository';
import { passwordChangedMail } from '../directory/identity-mail';
import { hashLinkToken, type LinkPurpose } from './link-tokens';
import { lockoutAccount } from '../sign-in/lockout';
import { liftLocks } from '../sign-in/lockout.repository';
import { revokeAccountSessions } from '../provider/oidc-adapter';
import { hashPassword } from '../sign-in/passwords';
import { passwordProblem } from './password-policy';

export type LinkState = { status: 'usable'; username: string; purpose: LinkPurpose } | { status: 'unusable' };
export type SetPasswordResult =
  { status: 'done'; purpose: LinkPurpose } | { status: 'invalid'; problem: string; username: string; purpose: LinkPurpose } | { status: 'unusable' };

/** Activation and reset links: check one, and set the password it allows once. */
export function accountLinks(options: { db: Db; mailer: Mailer; config: Config; now?: () => Date }) {
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
    const problem = passwordProblem(input.password, input.confirmation, link.username);
    if (problem) return { status: 'invalid', problem, username: link.username, purpose: link.purpose };
    const passwordHash = await hashPassword(input.password);
    if (!(await consumeUserToken(options.db, hashLinkToken(input.token), now()))) return { status: 'unusable' };
    const user = await findUserRow(options.db, link.username);
    if (!user) return { status: 'unusable' };
    await updateUserRow(options.db, user.username, {
      passwordHash,
      // Activation makes the account usable. An account locked by the registry stays locked.
      state: user.state === 'awaiting_activation' ? 'active' : user.state,
    });
    // A new password also lifts the sign-in locks, from every address: the link proved the mailbox.
    await liftLocks(options.db, lockoutAccount(user.username));
    if (link.purpose === 'reset') {
      // Whoever held the old password is signed out everywhere.
      await revokeAccountSessions(options.db, user.id);
      await options.mailer.send(passwordChangedMail(user, { at: now() }, mailContextOf(options.config)));
    }
    return { status: 'done', purpose: link.purpose };
  }

  return { check, setPassword };
}

export type AccountLinks = ReturnType<typeof accountLinks>;
