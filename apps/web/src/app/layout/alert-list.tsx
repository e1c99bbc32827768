import { useTranslation } from '../../lib/use-translation';
import { alertStore, dismissAlert, holdAlert, type AlertType } from '../../lib/alerts';
import { useStore } from '../../lib/store';
import { Icon } from '../../components/icon';
import checkCircleFillIcon from 'bootstrap-icons/icons/check-circle-fill.svg?raw';
import exclamationOctagonFillIcon from 'bootstrap-icons/icons/exclamation-octagon-fill.svg?raw';
import exclamationTriangleFillIcon from 'bootstrap-icons/icons/exclamation-triangle-fill.svg?raw';
import infoCircleFillIcon from 'bootstrap-icons/icons/info-circle-fill.svg?raw';

const looks: Record<AlertType, { variant: string; icon: string }> = {
  success: { variant: 'success', icon: checkCircleFillIcon },
  error: { variant: 'danger', icon: exclamationOctagonFillIcon },
  info: { variant: 'info', icon: infoCircleFillIcon },
  warning: { variant: 'warning', icon: exclamationTriangleFillIcon },
};

/**
 * The global alerts at the top of the content; the fade is a CSS transition of 250 ms. An alert
 * under the pointer or holding the focus (its Close button) does not close by itself meanwhile.
 */
export function AlertList() {
  const { t } = useTranslation();
  const alerts = useStore(alertStore);
  return (
    <div className="app-alerts" aria-live="polite">
      {alerts.map((alert) => (
        // Bootstrap's dismissible alert as plain markup: the shell loads no react-bootstrap component it can do without.
        <div
          key={alert.id}
          role="alert"
          className={`app-alert d-flex align-items-start gap-2 shadow-sm${alert.fading ? ' is-fading' : ''} alert alert-${looks[alert.type].variant} alert-dismissible`}
          data-alert-type={alert.type}
          onMouseEnter={() => holdAlert(alert.id, 'hover', true)}
          onMouseLeave={() => holdAlert(alert.id, 'hover', false)}
          onFocus={() => holdAlert(alert.id, 'focus', true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) holdAlert(alert.id, 'focus', false);
          }}
        >
          <button type="button" className="btn-close" aria-label={t('app.alerts.close')} onClick={() => dismissAlert(alert.id)} />
          <Icon svg={looks[alert.type].icon} className="flex-shrink-0" />
          <span>{alert.message}</span>
        </div>
      ))}
    </div>
  );
}
