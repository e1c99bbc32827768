import { formatDateTime } from '@registrar-panel/contract';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useProtectedTransactions } from '../api/get-protected-transactions';
import { DetailList } from '../../../components/detail-list';
import { Icon } from '../../../components/icon';
import slashCircleIcon from 'bootstrap-icons/icons/slash-circle.svg?raw';
import { usePageTitle } from '../../../lib/page-title';

/** `/registrar/transactions`: the protected-transaction counter; the reset date shows only once a threshold above 0 is reached. */
export function Transactions() {
  const { t } = useTranslation();
  const { data } = useProtectedTransactions();
  usePageTitle(t('registrar.tabs.transactions'), t('registrar.title'));
  if (!data) return null;
  const blocked = data.isThresholdReached && data.threshold > 0;

  return (
    <Card as="section" aria-labelledby="transactions-title">
      <Card.Header>
        <h2 id="transactions-title" className="h6 mb-0">
          {t('registrar.transactions.title')}
        </h2>
      </Card.Header>
      <Card.Body>
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
      </Card.Body>
    </Card>
  );
}
