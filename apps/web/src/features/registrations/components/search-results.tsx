import { formatRegistrationDate, type DomainSearchResponse } from '@registrar-panel/contract';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { lifecycleStatus } from '../rules/registration-rules';
import { LifecycleBadge } from './status-badges';

/** The result table: each name links to its registration, each registrant to its contact. */
export function SearchResults({ results }: { results: DomainSearchResponse['results'] }) {
  const { t } = useTranslation();
  return (
    <Table responsive hover className="align-middle mb-0 registration-results">
      <thead>
        <tr>
          <th scope="col">{t('registrations.results.domainName')}</th>
          <th scope="col">{t('registrations.results.registrant')}</th>
          <th scope="col">{t('registrations.results.status')}</th>
          <th scope="col">{t('registrations.results.created')}</th>
          <th scope="col">{t('registrations.results.expired')}</th>
        </tr>
      </thead>
      <tbody>
        {results.map((result) => (
          <tr key={result.aLabel}>
            <td>
              <Link to={paths.registration(result.uLabel)} className="fw-semibold text-break">
                {result.uLabel}
              </Link>
              {result.aLabel !== result.uLabel && <div className="small text-body-secondary text-break">{result.aLabel}</div>}
            </td>
            <td>
              {result.registrant ? (
                <>
                  <Link to={paths.contact(result.registrant.handle)}>{result.registrant.name || result.registrant.handle}</Link>
                  <div className="small text-body-secondary text-break">{result.registrant.email}</div>
                </>
              ) : (
                '–'
              )}
            </td>
            <td>
              <LifecycleBadge status={lifecycleStatus(result.statuses.map((s) => s.status))} />
            </td>
            <td className="text-nowrap">{formatRegistrationDate(result.created)}</td>
            <td className="text-nowrap">{result.expired ? formatRegistrationDate(result.expired) : '–'}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
