import type { RgpStatus } from '@registrar-panel/contract';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { gracePeriodTone, type LifecycleStatus, type RegistrationLabel } from '../rules/registration-rules';

const lifecycleVariants: Record<LifecycleStatus, string> = {
  available: 'secondary',
  reserved: 'secondary',
  ok: 'success',
  inactive: 'warning',
  pendingTransfer: 'info',
  redemption: 'danger',
  pendingDelete: 'danger',
  pendingRestore: 'warning',
  ursLocked: 'dark',
  ursSuspended: 'dark',
};

export function LifecycleBadge({ status }: { status: LifecycleStatus }) {
  const { t } = useTranslation();
  const variant = lifecycleVariants[status];
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
      {label.endsWith('_LOCK') && <i className="bi bi-lock-fill me-1" aria-hidden="true" />}
      {label === 'DOMAINGUARD' && <i className="bi bi-shield-lock-fill me-1" aria-hidden="true" />}
      {t(`registrations.label.${label}`)}
    </Badge>
  );
}

/** A grace-period state: brown or orange when it is the current one, muted otherwise. */
export function GracePeriodBadge({ state, current }: { state: RgpStatus; current: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`badge rgp-badge ${current ? `rgp-${gracePeriodTone(state)}` : 'rgp-inactive'}`}
      aria-current={current ? 'true' : undefined}
      data-rgp={state}
    >
      {current && <i className="bi bi-clock-history me-1" aria-hidden="true" />}
      {t(`registrations.rgp.${state}`)}
    </span>
  );
}
