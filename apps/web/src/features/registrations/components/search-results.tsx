import '../registrations.css';
import { lifecycleStatus, type DomainSearchResponse } from '@registrar-panel/contract';
import { Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { ScrollRegion } from '../../../components/scroll-region';
import { BreakableText, wrapWordsClass } from '../../../components/breakable-text';
import { StackCell, stackTableClass, stackTableHalf } from '../../../components/stack-table';
import { paths } from '../../../lib/paths';
import { registrationHref, type SearchLocation } from '../search-location';
import { LifecycleBadge } from './status-badges';
import { useFormats } from '../../../lib/formats';
import { useAppLinks } from '../../../components/app-links';

/**
 * The result table: each name links to its registration (carrying the search, for the way back),
 * each registrant to its contact. On a phone each result is a card of a line or two (name and
 * status, then registrant and expiry date; registrations.css): a page of 100 stays a short scroll,
 * and the rest is one tap away on the registration.
 */
export function SearchResults({ results, search }: { results: DomainSearchResponse['results']; search: SearchLocation }) {
  const { t } = useTranslation();
  const { registrationDate, registrationDay } = useFormats();
  const followLink = useAppLinks();
  // Each column's label once per render, not once per row and cell: a page holds 100 rows.
  const label = {
    domainName: t('registrations.results.domainName'),
    registrant: t('registrations.results.registrant'),
    status: t('registrations.results.status'),
    created: t('registrations.results.created'),
    expired: t('registrations.results.expired'),
  };
  return (
    <ScrollRegion label={t('registrations.results.label')}>
      <Table hover className={`align-middle mb-0 registration-results ${stackTableClass}`}>
        <thead>
          <tr>
            <th scope="col">{label.domainName}</th>
            <th scope="col">{label.registrant}</th>
            <th scope="col">{label.status}</th>
            <th scope="col">{label.created}</th>
            <th scope="col">{label.expired}</th>
          </tr>
        </thead>
        {/* The rows' links are plain anchors, followed in the app by one handler (components/app-links.ts). */}
        <tbody onClick={followLink}>
          {results.map((result) => (
            <tr key={result.aLabel}>
              <StackCell label={label.domainName} className="result-name">
                <a href={registrationHref(result.uLabel, search)} className={`fw-semibold ${wrapWordsClass}`}>
                  <BreakableText text={result.uLabel} />
                </a>
                {result.aLabel !== result.uLabel && (
                  <div className={`small text-body-secondary result-extra ${wrapWordsClass}`}>
                    <BreakableText text={result.aLabel} />
                  </div>
                )}
              </StackCell>
              <StackCell label={label.registrant} className="result-registrant">
                {result.registrant ? (
                  <>
                    <a href={paths.contact(result.registrant.handle)} className={wrapWordsClass}>
                      {result.registrant.name || result.registrant.handle}
                    </a>
                    {result.registrant.email && (
                      <div className={`small text-body-secondary result-extra ${wrapWordsClass}`}>
                        <BreakableText text={result.registrant.email} />
                      </div>
                    )}
                  </>
                ) : (
                  '–'
                )}
              </StackCell>
              <StackCell label={label.status} className="result-status">
                <LifecycleBadge status={lifecycleStatus(result.statuses.map((s) => s.status))} />
              </StackCell>
              <StackCell label={label.created} className={`text-nowrap result-created ${stackTableHalf}`}>
                {registrationDate(result.created)}
              </StackCell>
              <StackCell label={label.expired} className={`text-nowrap result-expiry ${stackTableHalf}`}>
                {result.expired ? (
                  <>
                    <span className="result-wide">{registrationDate(result.expired)}</span>
                    <span className="result-phone">{t('registrations.results.expires', { date: registrationDay(result.expired) })}</span>
                  </>
                ) : (
                  '–'
                )}
              </StackCell>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}
