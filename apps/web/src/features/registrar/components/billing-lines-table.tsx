import { formatDateTime, type BillingLine } from '@registrar-panel/contract';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** The spec's translation key of an event type: `billing_event_type.{type}.{subtype}`, lower-cased. */
export function billingEventTypeKey(line: Pick<BillingLine, 'eventType' | 'eventSubtype'>): string {
  return `billing_event_type.${line.eventType}.${line.eventSubtype}`.toLowerCase();
}

export function BillingLinesTable({ lines }: { lines: BillingLine[] }) {
  const { t } = useTranslation();
  return (
    <Table responsive striped hover size="sm" className="mb-0 align-middle text-nowrap billing-lines">
      <thead>
        <tr>
          <th scope="col">{t('registrar.billing.transactionDate')}</th>
          <th scope="col">{t('registrar.billing.transactionType')}</th>
          <th scope="col" className="text-end">
            {t('registrar.billing.period')}
          </th>
          <th scope="col">{t('registrar.billing.domainName')}</th>
          <th scope="col">{t('registrar.billing.svTRID')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={`${line.svTRID}-${line.eventTimestamp}-${line.eventType}`}>
            <td className="text-nowrap">{formatDateTime(line.eventTimestamp)}</td>
            <td>{t(billingEventTypeKey(line))}</td>
            <td className="text-end">{line.eventPeriod ?? ''}</td>
            <td>{line.subject}</td>
            <td className="font-monospace small">{line.svTRID}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
