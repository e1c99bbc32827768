import { mayChange, maySignIn } from '@registrar-panel/contract';
import { useTranslation } from '../../lib/use-translation';
import { Icon } from '../../components/icon';
import { statusNoticeTextId } from '../../components/refusable';
import { useRegistrarStatus } from '../../lib/registrar-status';
import { registrarSuspendedKey } from '../../lib/registrar-suspended';
import pauseCircleIcon from 'bootstrap-icons/icons/pause-circle.svg?raw';

/**
 * At the top of every page while the registrar may sign in but change nothing (SUSPENDED, by the
 * contract's status rule): why the controls that would change something are disabled. It stays
 * (it cannot be closed): it describes those controls.
 */
export function RegistrarStatusNotice() {
  const { t } = useTranslation();
  const status = useRegistrarStatus();
  if (status === undefined || !maySignIn(status) || mayChange(status)) return null;
  return (
    // Bootstrap's alert as plain markup (the classes react-bootstrap's Alert gives it, shown without a fade-in).
    <div role="alert" className="fade d-flex gap-3 app-status-notice alert alert-danger show" data-testid="registrar-status-notice" data-status={status}>
      <Icon svg={pauseCircleIcon} className="fs-4 flex-shrink-0" />
      <div>
        <p className="fw-semibold mb-1">{t('app.statusNotice.title')}</p>
        <p className="mb-0" id={statusNoticeTextId}>
          {t(registrarSuspendedKey)} {t('app.statusNotice.text')}
        </p>
      </div>
    </div>
  );
}
