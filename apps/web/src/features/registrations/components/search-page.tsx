import { limits } from '@registrar-panel/contract';
import { Alert, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../../../components/pagination';
import { ApiError } from '../../../lib/api-client';
import { messageText } from '../../../lib/form';
import { useSearchRegistrations } from '../api/search-registrations';
import { searchHref, searchLocationOf } from '../search-location';
import { RegistrationsNotAllowed, useMayReadRegistrations } from './registrations-not-allowed';
import { SearchForm } from './search-form';
import { SearchResults } from './search-results';
import { Icon } from '../../../components/icon';
import inboxIcon from 'bootstrap-icons/icons/inbox.svg?raw';
import { usePageTitle } from '../../../lib/page-title';

/**
 * `/registrations/search`: search the registrar's registrations by name, with '*' as wildcard. A
 * role that may not read registrations is told so at once, instead of by a failing search.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const allowed = useMayReadRegistrations();
  usePageTitle(t('registrations.search.title'));
  return (
    <section aria-labelledby="registration-search-title">
      <h1 id="registration-search-title" className="h3 mb-4">
        {t('registrations.search.title')}
      </h1>
      {allowed ? <Search /> : <RegistrationsNotAllowed />}
    </section>
  );
}

/** The form, and the results of the search in the address (`?domainname=…&page=N`, N one-based). */
function Search() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const location = searchLocationOf(params);
  const term = location?.term ?? null;
  const page = location?.page ?? 1;
  const search = useSearchRegistrations(term, page - 1);
  const inputMessage = search.error instanceof ApiError ? search.error.messages[0] : undefined;
  const data = search.isPlaceholderData ? undefined : search.data;

  const onSearch = (value: string) => {
    if (value === term && page === 1) void search.refetch();
    else setParams({ domainname: value, page: '1' });
  };

  const total = data?.totalResults ?? 0;
  const pageCount = Math.ceil(total / limits.searchPageSize);
  const from = (page - 1) * limits.searchPageSize + 1;
  const to = from + (data?.results.length ?? 0) - 1;
  // Past the last page the notice below links back; a pager there would have no current page.
  const paged = pageCount > 1 && page <= pageCount;
  const pager = (navigation: string) =>
    term !== null && (
      <Pager
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => searchHref({ term, page: n })}
        labels={{
          navigation,
          first: t('registrations.search.first'),
          previous: t('registrations.search.previous'),
          next: t('registrations.search.next'),
          last: t('registrations.search.last'),
        }}
      />
    );

  return (
    <>
      <Card className="mb-4">
        <Card.Body>
          <SearchForm term={term ?? ''} serverError={inputMessage ? messageText(inputMessage) : undefined} onSearch={onSearch} />
        </Card.Body>
      </Card>
      {term !== null && data && total === 0 && (
        <Alert variant="light" className="border d-flex align-items-center gap-2" data-testid="no-results">
          <Icon svg={inboxIcon} className="fs-5" />
          {t('registrations.search.noResults', { search: term })}
        </Alert>
      )}
      {location && data && total > 0 && (
        <Card as="section" aria-labelledby="registration-results-title">
          <Card.Header className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
            <h2 id="registration-results-title" className="h5 mb-0">
              {t('registrations.search.found', { count: total, formatted: total.toLocaleString('en') })}
            </h2>
            {data.results.length > 0 && (
              <span className="small text-body-secondary" data-testid="results-range">
                {t('registrations.search.showing', { from: from.toLocaleString('en'), to: to.toLocaleString('en'), total: total.toLocaleString('en') })}
              </span>
            )}
          </Card.Header>
          {paged && <div className="card-body py-2 border-bottom">{pager(t('registrations.search.pages'))}</div>}
          <Card.Body className="p-2 p-md-0">
            {data.results.length > 0 ? (
              <SearchResults results={data.results} search={location} />
            ) : (
              <Alert variant="warning" className="m-md-3 mb-0 d-flex flex-wrap gap-2" data-testid="past-last-page">
                <span>{t('registrations.search.pastLast', { page: page.toLocaleString('en'), last: pageCount.toLocaleString('en') })}</span>
                <Link to={searchHref({ term: location.term, page: pageCount })} className="alert-link">
                  {t('registrations.search.toLastPage', { last: pageCount.toLocaleString('en') })}
                </Link>
              </Alert>
            )}
          </Card.Body>
          {paged && <Card.Footer className="bg-body">{pager(t('registrations.search.pagesBottom'))}</Card.Footer>}
        </Card>
      )}
    </>
  );
}
