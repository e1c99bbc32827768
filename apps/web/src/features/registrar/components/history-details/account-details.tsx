import type { AuditDetails } from '@registrar-panel/contract';
import { useTranslation } from '../../../../lib/use-translation';
import { Change, Labelled, Lines, text } from './lines';

type AccountDetailsOf =
  | Partial<AuditDetails['account.password.change']>
  | Partial<AuditDetails['account.totp.change']>
  | Partial<AuditDetails['account.sessions.endOthers']>
  | Partial<AuditDetails['account.session.end']>
  | Partial<AuditDetails['account.passkey.add' | 'account.passkey.remove']>
  | Partial<AuditDetails['account.passkey.rename']>;

/**
 * A user's change to their own account: the passkey added or removed (its name), the session they ended (its browser, system and address,
 * as the account page showed them), or how many other sessions ended with the change.
 */
export function AccountDetails({ details }: { details: AccountDetailsOf }) {
  const { t } = useTranslation();
  if ('after' in details) {
    return (
      <Lines>
        <Change label={t('registrar.history.details.passkeyName')} before={text(details.before)} after={text(details.after)} />
      </Lines>
    );
  }
  if ('passkeyName' in details) {
    return (
      <Lines>
        <li>
          <Labelled label={t('registrar.history.details.passkeyName')}>{text(details.passkeyName)}</Labelled>
        </li>
      </Lines>
    );
  }
  if ('address' in details || 'browser' in details) {
    const device = [details.browser, details.os].filter(Boolean).join(', ');
    return (
      <Lines>
        <li>
          <Labelled label={t('registrar.history.details.device')}>{text(device) ?? t('registrar.history.details.unknownDevice')}</Labelled>
        </li>
        {details.address ? (
          <li>
            <Labelled label={t('registrar.history.details.address')}>{details.address}</Labelled>
          </li>
        ) : null}
      </Lines>
    );
  }
  const ended = 'sessionsEnded' in details ? details.sessionsEnded : undefined;
  if (ended === undefined) return null;
  return (
    <Lines>
      <li>{t('registrar.history.details.sessionsEnded', { count: ended })}</li>
    </Lines>
  );
}
