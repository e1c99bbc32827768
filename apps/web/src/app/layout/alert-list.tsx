import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { alertStore, dismissAlert, type AlertType } from '../../lib/alerts';
import { useStore } from '../../lib/store';

const looks: Record<AlertType, { variant: string; icon: string }> = {
  success: { variant: 'success', icon: 'bi-check-circle-fill' },
  error: { variant: 'danger', icon: 'bi-exclamation-octagon-fill' },
  info: { variant: 'info', icon: 'bi-info-circle-fill' },
  warning: { variant: 'warning', icon: 'bi-exclamation-triangle-fill' },
};

/** The global alerts at the top of the content; the fade is a CSS transition of 250 ms. */
export function AlertList() {
  const { t } = useTranslation();
  const alerts = useStore(alertStore);
  return (
    <div className="app-alerts" aria-live="polite">
      {alerts.map((alert) => (
        <Alert
          key={alert.id}
          variant={looks[alert.type].variant}
          dismissible
          closeLabel={t('app.alerts.close')}
          onClose={() => dismissAlert(alert.id)}
          transition={false}
          className={`app-alert d-flex align-items-start gap-2 shadow-sm${alert.fading ? ' is-fading' : ''}`}
          data-alert-type={alert.type}
        >
          <i className={`bi ${looks[alert.type].icon} flex-shrink-0`} aria-hidden="true" />
          <span>{alert.message}</span>
        </Alert>
      ))}
    </div>
  );
}
