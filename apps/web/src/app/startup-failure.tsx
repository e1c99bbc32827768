import { useTranslation } from '../lib/use-translation';
import { Icon } from '../components/icon';
import arrowClockwiseIcon from 'bootstrap-icons/icons/arrow-clockwise.svg?raw';
import cloudSlashIcon from 'bootstrap-icons/icons/cloud-slash.svg?raw';

/** Shown when the configuration or the identity service cannot be reached at start. */
export function StartupFailure() {
  const { t } = useTranslation();
  return (
    <div className="app-startup-failure d-flex align-items-center justify-content-center p-3">
      <div className="card shadow-sm text-center p-4">
        <div className="card-body">
          <Icon svg={cloudSlashIcon} className="fs-1 text-danger d-block mb-3" />
          <h1 className="h4 mb-3">{t('app.startupFailed.title')}</h1>
          <p className="text-body-secondary mb-4">{t('app.startupFailed.text')}</p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            <Icon svg={arrowClockwiseIcon} className="me-2" />
            {t('app.startupFailed.retry')}
          </button>
        </div>
      </div>
    </div>
  );
}
