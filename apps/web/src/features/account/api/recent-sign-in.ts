import { paths } from '../../../lib/paths';
import * as recentSignIn from '../../../lib/recent-sign-in';

/** What My account's round trips to the identity service are for (lib/recent-sign-in.ts). */
export const accountPurpose = 'account';

/** A change of My account that needs a recent sign-in: refused for an older one, the round trip back to this page starts. */
export function needingRecentSignIn<T>(call: () => Promise<T>): Promise<T> {
  return recentSignIn.needingRecentSignIn(accountPurpose, paths.account, call);
}
