import '../registrations.css';
import type { LifecycleStatus, RegistrationLabel, RgpStatus } from '@registrar-panel/contract';
import { Badge } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { gracePeriodOfLifecycle, gracePeriodTone } from '../rules/registration-rules';
import { Icon } from '../../../components/icon';
import clockHistoryIcon from 'bootstrap-icons/icons/clock-history.svg?raw';
import lockFillIcon from 'bootstrap-icons/icons/lock-fill.svg?raw';
import shieldLockFillIcon from 'bootstrap-icons/icons/shield-lock-fill.svg?raw';

/** The class that colours a grace period state, wherever it shows (the rule is `gracePeriodTone`). */
export function gracePeriodClass(state: RgpStatus): string {
  return `rgp-${gracePeriodTone(state)}`;
}

/** Colours of the lifecycle statuses that are no grace period state; those take the state's colour. */
const lifecycleVariants: Partial<Record<LifecycleStatus, string>> = {
  available: 'secondary',
  reserved: 'secondary',
  ok: 'success',
  inactive: 'warning',
  pendingTransfer: 'info',
  ursLocked: 'dark',
  ursSuspended: 'dark',
};

export function LifecycleBadge({ status }: { status: LifecycleStatus }) {
  const { t } = useTranslation();
  const gracePeriod = gracePeriodOfLifecycle(status);
  if (gracePeriod) {
    return (
      <span className={`badge ${gracePeriodClass(gracePeriod)}`} data-lifecycle={status}>
        {t(`registrations.lifecycle.${status}`)}
      </span>
    );
  }
  const variant = lifecycleVariants[status] ?? 'secondary';
  return (
    <Badge bg={variant} text={variant === 'warning' || variant === 'info' ? 'dark' : undefined} data-lifecycle={status}>
      {t(`registrations.lifecycle.${status}`)}
    </Badge>
  );
}

const labelVariants: Partial<Record<RegistrationLabel, string>> = {
  REGISTERED: 'success',
  PENDING_TRANSFER: 'info',
  INACTIVE: 'warning',
  DOMAINGUARD: 'primary',
  URS_LOCKED: 'dark',
  URS_SUSPENDED: 'dark',
};

export function LabelBadge({ label }: { label: RegistrationLabel }) {
  const { t } = useTranslation();
  const variant = labelVariants[label] ?? 'secondary';
  return (
    <Badge bg={variant} text={variant === 'warning' || variant === 'info' ? 'dark' : undefined} className="me-1 mb-1" data-label={label}>
      {label.endsWith('_LOCK') && <Icon svg={lockFillIcon} className="me-1" />}
      {label === 'DOMAINGUARD' && <Icon svg={shieldLockFillIcon} className="me-1" />}
      {t(`registrations.label.${label}`)}
    </Badge>
  );
}

/** A grace-period state: brown or orange when it is the current one, muted otherwise. */
export function GracePeriodBadge({ state, current }: { state: RgpStatus; current: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`badge rgp-badge ${current ? gracePeriodClass(state) : 'rgp-inactive'}`} aria-current={current ? 'true' : undefined} data-rgp={state}>
      {current && <Icon svg={clockHistoryIcon} className="me-1" />}
      {t(`registrations.rgp.${state}`)}
    </span>
  );
}
