import '../registrar.css';
import { formatDateTime, type BillingLine } from '@registrar-panel/contract';
import { Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { BreakableText, wrapWordsClass } from '../../../components/breakable-text';
import { StackCell, stackTableClass, stackTableHalf, stickyHeadClass } from '../../../components/stack-table';
import { paths } from '../../../lib/paths';

/** The spec's translation key of an event type: `billing_event_type.{type}.{subtype}`, lower-cased. */
export function billingEventTypeKey(line: Pick<BillingLine, 'eventType' | 'eventSubtype'>): string {
  return `billing_event_type.${line.eventType}.${line.eventSubtype}`.toLowerCase();
}

/**
 * The billing lines of a month. Its header row stays in view under the portal's header while the
 * page scrolls (so the table must not sit in a sideways-scrolling box: its columns wrap to fit
 * instead, and on a phone each line is a compact card: registrar.css). Domain names link to their
 * registration for roles that may read registrations.
 */
export function BillingLinesTable({ lines, linkDomains }: { lines: BillingLine[]; linkDomains: boolean }) {
  const { t } = useTranslation();
  return (
    <Table striped hover size="sm" className={`mb-0 align-middle billing-lines ${stickyHeadClass} ${stackTableClass}`}>
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
            <StackCell label={t('registrar.billing.transactionDate')} className="text-nowrap billing-date">
              {formatDateTime(line.eventTimestamp)}
            </StackCell>
            <StackCell label={t('registrar.billing.transactionType')} className={`billing-type ${stackTableHalf}`}>
              {t(billingEventTypeKey(line))}
            </StackCell>
            <StackCell label={t('registrar.billing.period')} className={`text-end billing-period ${stackTableHalf}`}>
              {line.eventPeriod ?? ''}
            </StackCell>
            <StackCell label={t('registrar.billing.domainName')} className={`billing-domain ${wrapWordsClass}`}>
              {linkDomains ? (
                <Link to={paths.registration(line.subject)}>
                  <BreakableText text={line.subject} />
                </Link>
              ) : (
                <BreakableText text={line.subject} />
              )}
            </StackCell>
            {/* A transaction id is one long token: it may break anywhere. */}
            <StackCell label={t('registrar.billing.svTRID')} className="font-monospace small text-break billing-svtrid">
              {line.svTRID}
            </StackCell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
