import { formatDateTime } from '@registrar-panel/contract';
import { Alert } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { DetailList } from '../../../components/detail-list';
import { Icon } from '../../../components/icon';
import slashCircleIcon from 'bootstrap-icons/icons/slash-circle.svg?raw';
import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';
import { usePageTitle } from '../../../lib/page-title';
import { protectedTransactionsLevel, usedPercent, useProtectedTransactions } from '../../../lib/protected-transactions';
import { useFormats } from '../../../lib/formats';
import { SectionCard } from '../../../components/section-card';

/**
 * `/registrar/transactions`: the protected-transaction counter; the reset date shows only once a
 * threshold above 0 is reached, and from 80 % of the threshold a warning says so before.
 */
export function Transactions() {
  const { t } = useTranslation();
  const { count } = useFormats();
  const { data } = useProtectedTransactions();
  usePageTitle(t('registrar.tabs.transactions'), t('registrar.title'));
  if (!data) return null;
  const level = protectedTransactionsLevel(data);
  const blocked = level === 'reached';

  return (
    <SectionCard id="transactions" title={t('registrar.transactions.title')}>
      {level === 'warning' && (
        <Alert variant="warning" className="d-flex gap-3" data-testid="protected-transactions-warning">
          <Icon svg={exclamationTriangleIcon} className="fs-5 flex-shrink-0" />
          <div>
            <Alert.Heading as="h3" className="h6 fw-semibold mb-1">
              {t('registrar.transactions.warningTitle')}
            </Alert.Heading>
            {t('registrar.transactions.warning', {
              used: count(data.transactionsInPeriod),
              threshold: count(data.threshold),
              percent: usedPercent(data),
              date: formatDateTime(data.endDate) || t('registrar.transactions.periodEnd'),
            })}
          </div>
        </Alert>
      )}
      <DetailList
        rows={[
          { name: 'current', label: t('registrar.transactions.current'), value: String(data.transactionsInPeriod) },
          { name: 'threshold', label: t('registrar.transactions.threshold'), value: String(data.threshold) },
          ...(blocked
            ? [
                {
                  name: 'resetDate',
                  label: t('registrar.transactions.resetDate'),
                  value: (
                    <span className="text-danger fw-semibold">
                      <Icon svg={slashCircleIcon} className="me-2" />
                      {t('registrar.transactions.blockedUntil', { date: formatDateTime(data.endDate) })}
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
    </SectionCard>
  );
}
