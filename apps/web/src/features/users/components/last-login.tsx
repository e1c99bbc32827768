import { formatDateTime, signInActivityStatus } from '@registrar-panel/contract';
import { Placeholder } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { useLastLogin } from '../api/get-last-login';

/** The latest sign-in attempt of a user, or why there is none to show. */
export function LastLogin({ username }: { username: string }) {
  const { t } = useTranslation();
  const lastLogin = useLastLogin(username);
  if (lastLogin.isPending) {
    return (
      <Placeholder as="span" animation="glow" aria-hidden="true">
        <Placeholder xs={8} />
      </Placeholder>
    );
  }
  if (lastLogin.isError) return <span className="text-danger small">{t('users.lastLogin.loadFailed')}</span>;
  if (!lastLogin.data) return <span className="text-body-secondary small">{t('users.lastLogin.none')}</span>;
  const failed = lastLogin.data.status !== undefined && lastLogin.data.status !== signInActivityStatus('success');
  return (
    <span>
      {formatDateTime(lastLogin.data.timestamp)}
      {failed && <span className="badge text-bg-warning ms-2">{t('users.lastLogin.failed')}</span>}
    </span>
  );
}
