import { useAppConfiguration } from '../../../lib/config';
import { signedInRecently } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { forgetReauthenticationAttempt, reauthenticateFor, reauthenticationAttempted } from '../../../lib/recent-sign-in';
import { accountPurpose } from '../api/recent-sign-in';

/**
 * Runs `then` (opening a form, a sign-out) when the sign-in is recent enough for the change it leads
 * to; otherwise the identity service asks for the password and code again and the browser comes back
 * here, where the user starts the change once more. After one round trip the change goes ahead and
 * the server decides, so that a browser clock that is off cannot send the user round for ever.
 */
export function useRecentSignIn(): (then: () => void) => void {
  const { recentAuthenticationSeconds } = useAppConfiguration();
  return (then) => {
    if (signedInRecently(recentAuthenticationSeconds) || reauthenticationAttempted(accountPurpose)) {
      forgetReauthenticationAttempt();
      then();
      return;
    }
    void reauthenticateFor(accountPurpose, paths.account);
  };
}
