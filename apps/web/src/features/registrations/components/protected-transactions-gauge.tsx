import { formatDateTime, protectedTransactionsWarningShare, type ProtectedTransactions } from '@registrar-panel/contract';
import { Alert } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { paths } from '../../../lib/paths';
import { protectedTransactionsLevel, usedPercent } from '../../../lib/protected-transactions';
import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';
import slashCircleIcon from 'bootstrap-icons/icons/slash-circle.svg?raw';
import { useFormats } from '../../../lib/formats';
import { SectionCard } from '../../../components/section-card';

const barTone = { ok: 'bg-success', warning: 'bg-warning', reached: 'bg-danger' } as const;

/**
 * The protected transactions of the period against the threshold, as a gauge with its numbers in
 * words; from 80 % of the threshold a warning, once it is reached the spec's "No protected
 * transactions allowed until". A threshold of 0 means no limit: said so, without a gauge.
 */
export function ProtectedTransactionsGauge({ data }: { data: ProtectedTransactions }) {
  const { t } = useTranslation();
  const level = protectedTransactionsLevel(data);
  const { count } = useFormats();
  const used = count(data.transactionsInPeriod);
  const threshold = count(data.threshold);
  const percent = usedPercent(data);
  const text = t('registrations.overview.protectedUsed', { used, threshold });
  const date = formatDateTime(data.endDate) || t('registrations.overview.periodEnd');

  return (
    <SectionCard
      id="overview-protected"
      title={t('registrations.overview.protected')}
      className="h-100"
      bodyClassName="d-flex flex-column gap-2"
      testId="overview-protected"
    >
      {level === 'unlimited' ? (
        <p className="mb-0">{t('registrations.overview.protectedUnlimited', { count: data.transactionsInPeriod, used })}</p>
      ) : (
        <>
          <p className="mb-0 fw-semibold" data-testid="protected-used">
            {text}
          </p>
          <div className="protected-gauge">
            <div
              className="progress"
              role="meter"
              aria-label={t('registrations.overview.protected')}
              aria-valuemin={0}
              aria-valuemax={data.threshold}
              aria-valuenow={Math.min(data.transactionsInPeriod, data.threshold)}
              aria-valuetext={text}
            >
              <div className={`progress-bar ${barTone[level]}`} style={{ width: `${Math.min(100, percent)}%` }} />
            </div>
            {/* Where the warning starts. */}
            <span className="protected-gauge-mark" style={{ left: `${protectedTransactionsWarningShare * 100}%` }} aria-hidden="true" />
          </div>
          <p className="small text-body-secondary mb-0">{t('registrations.overview.protectedPercent', { percent })}</p>
          {level === 'warning' && (
            <Alert variant="warning" className="d-flex gap-2 mb-0 py-2 small" data-testid="protected-transactions-warning">
              <Icon svg={exclamationTriangleIcon} className="flex-shrink-0 mt-1" />
              <div>
                <strong className="d-block">{t('registrations.overview.protectedWarningTitle')}</strong>
                {t('registrations.overview.protectedWarning', { date })}
              </div>
            </Alert>
          )}
          {level === 'reached' && (
            <Alert variant="danger" className="d-flex gap-2 mb-0 py-2 small" data-testid="protected-transactions-reached">
              <Icon svg={slashCircleIcon} className="flex-shrink-0 mt-1" />
              <div>
                <strong className="d-block">{t('registrations.overview.protectedReachedTitle')}</strong>
                {t('registrations.overview.protectedReached', { date })}
              </div>
            </Alert>
          )}
        </>
      )}
      <Link to={paths.registrarTransactions} className="small mt-auto">
        {t('registrations.overview.protectedDetails')}
      </Link>
    </SectionCard>
  );
}
