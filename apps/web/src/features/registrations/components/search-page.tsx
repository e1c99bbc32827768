import { domainSearchFilterNames, limits } from '@registrar-panel/contract';
import { useDeferredValue, useMemo } from 'react';
import { Alert, Card } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../../../components/pagination';
import { ApiError } from '../../../lib/api-client';
import { messageText } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { useSearchRegistrations } from '../api/search-registrations';
import { filterMessages, type SearchRequest } from '../search-filters';
import { filterCount, saveAsRuleHref, searchHref, searchLocationOf, type SearchFilterName, type SearchLocation } from '../search-location';
import { RegistrationsNotAllowed, useMayReadRegistrations } from './registrations-not-allowed';
import { SearchExport } from './search-export';
import { SearchFilterChips } from './search-filter-chips';
import { SearchForm, type SearchFieldMessages } from './search-form';
import { SearchResults } from './search-results';
import { Icon } from '../../../components/icon';
import barChartIcon from 'bootstrap-icons/icons/bar-chart-line.svg?raw';
import bellIcon from 'bootstrap-icons/icons/bell.svg?raw';
import inboxIcon from 'bootstrap-icons/icons/inbox.svg?raw';
import reconcileIcon from 'bootstrap-icons/icons/file-earmark-diff.svg?raw';
import calendarIcon from 'bootstrap-icons/icons/calendar-date.svg?raw';
import diffIcon from 'bootstrap-icons/icons/arrow-left-right.svg?raw';
import { usePageTitle } from '../../../lib/page-title';
import { useFormats } from '../../../lib/formats';

/**
 * `/registrations/search`: search the registrar's registrations by name, with '*' as wildcard, and
 * optional filters. A role that may not read registrations is told so at once, instead of by a
 * failing search.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const allowed = useMayReadRegistrations();
  usePageTitle(t('registrations.search.title'));
  return (
    <section aria-labelledby="registration-search-title">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-4">
        <h1 id="registration-search-title" className="h3 mb-0">
          {t('registrations.search.title')}
        </h1>
        {allowed && (
          <div className="d-flex flex-wrap gap-3">
            <Link to={paths.registrationOverview} className="d-inline-flex align-items-center" data-testid="overview-link">
              <Icon svg={barChartIcon} className="me-2" />
              {t('registrations.overview.link')}
            </Link>
            <Link to={paths.reconciliation} className="d-inline-flex align-items-center" data-testid="reconciliation-link">
              <Icon svg={reconcileIcon} className="me-2" />
              {t('registrations.reconciliation.link')}
            </Link>
            <Link to={paths.portfolioOnDate} className="d-inline-flex align-items-center" data-testid="portfolio-on-date-link">
              <Icon svg={calendarIcon} className="me-2" />
              {t('registrations.past.onDate.link')}
            </Link>
            <Link to={paths.portfolioChanges} className="d-inline-flex align-items-center" data-testid="portfolio-changes-link">
              <Icon svg={diffIcon} className="me-2" />
              {t('registrations.past.changes.link')}
            </Link>
          </div>
        )}
      </div>
      {allowed ? <Search /> : <RegistrationsNotAllowed />}
    </section>
  );
}

const noFilters: SearchLocation['filters'] = {};

/** The form, and the results of the search in the address (`?domainname=…&page=N&<filters>`, N one-based). */
function Search() {
  const { t } = useTranslation();
  const { count } = useFormats();
  const [params, setParams] = useSearchParams();
  // One object per address, so that the form follows the address only when it changes.
  const query = params.toString();
  const location = useMemo(() => searchLocationOf(new URLSearchParams(query)), [query]);
  const term = location?.term ?? null;
  const page = location?.page ?? 1;
  const filters = location?.filters ?? noFilters;
  const filterKey = JSON.stringify(filters);
  // A shared link whose filters the contract refuses runs nothing: the filters show what is wrong.
  const addressMessages = useMemo(() => filterMessages(filters), [filters]);
  const runnable = Object.keys(addressMessages).length === 0;
  const search = useSearchRegistrations(runnable ? term : null, page - 1, filters);
  const fetched = search.isPlaceholderData || !runnable ? undefined : search.data;
  // A page of results is drawn in the background, in slices the browser can answer input between
  // (a deferred value renders as a transition), and shows all at once when done; meanwhile the last
  // results are gone, not shown under the new address (docs/decisions.md, "Lighter result rows").
  const deferred = useDeferredValue(fetched);
  const data = deferred === fetched ? deferred : undefined;
  const messages = fieldMessagesOf(search.error, addressMessages);

  const onSearch = ({ term: next, filters: nextFilters }: SearchRequest) => {
    const same = next === term && page === 1 && JSON.stringify(nextFilters) === filterKey;
    if (same) void search.refetch();
    else setParams({ domainname: next, page: '1', ...nextFilters });
  };

  const total = data?.totalResults ?? 0;
  const pageCount = Math.ceil(total / limits.searchPageSize);
  const from = (page - 1) * limits.searchPageSize + 1;
  const to = from + (data?.results.length ?? 0) - 1;
  // Past the last page the notice below links back; a pager there would have no current page.
  const paged = pageCount > 1 && page <= pageCount;
  const filtered = location !== null && filterCount(location.filters) > 0;
  const pager = (navigation: string) =>
    location !== null && (
      <Pager
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => searchHref({ ...location, page: n })}
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
          <SearchForm term={term ?? ''} filters={filters} messages={messages} onSearch={onSearch} />
        </Card.Body>
      </Card>
      {location && <SearchFilterChips search={location} />}
      {term !== null && data && total === 0 && (
        <Alert variant="light" className="border d-flex align-items-center gap-2" data-testid="no-results">
          <Icon svg={inboxIcon} className="fs-5" />
          {filtered ? t('registrations.search.noFilteredResults', { search: term }) : t('registrations.search.noResults', { search: term })}
        </Alert>
      )}
      {location && data && total > 0 && (
        <Card as="section" aria-labelledby="registration-results-title">
          <Card.Header className="d-flex flex-wrap justify-content-between align-items-center gap-2">
            <div className="d-flex flex-column flex-md-row flex-wrap align-items-md-baseline column-gap-3 row-gap-1">
              <h2 id="registration-results-title" className="h5 mb-0">
                {t('registrations.search.found', { count: total, formatted: count(total) })}
              </h2>
              {data.results.length > 0 && (
                <span className="small text-body-secondary" data-testid="results-range">
                  {t('registrations.search.showing', { from: count(from), to: count(to), total: count(total) })}
                </span>
              )}
            </div>
            <div className="d-flex flex-wrap align-items-center gap-2 ms-md-auto">
              <Link
                to={saveAsRuleHref(location)}
                className="btn btn-outline-primary btn-sm d-inline-flex align-items-center search-save-rule"
                data-testid="save-as-rule"
              >
                <Icon svg={bellIcon} className="me-2" />
                {t('registrations.search.saveAsRule')}
              </Link>
              <SearchExport search={location} />
            </div>
          </Card.Header>
          {paged && <div className="card-body py-2 border-bottom">{pager(t('registrations.search.pages'))}</div>}
          <Card.Body className="p-2 p-md-0">
            {data.results.length > 0 ? (
              <SearchResults results={data.results} search={location} />
            ) : (
              <Alert variant="warning" className="m-md-3 mb-0 d-flex flex-wrap gap-2" data-testid="past-last-page">
                <span>{t('registrations.search.pastLast', { page: count(page), last: count(pageCount) })}</span>
                <Link to={searchHref({ ...location, page: pageCount })} className="alert-link">
                  {t('registrations.search.toLastPage', { last: count(pageCount) })}
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

/** The messages the fields show unasked: a shared link's wrong filters, and what the server attached to the name or a filter. */
function fieldMessagesOf(error: unknown, addressMessages: ReturnType<typeof filterMessages>): SearchFieldMessages {
  const messages: SearchFieldMessages = { filters: {} };
  for (const [name, message] of Object.entries(addressMessages)) messages.filters[name as SearchFilterName] = messageText(message);
  for (const message of error instanceof ApiError ? error.messages : []) {
    const filter = domainSearchFilterNames.find((name) => name === message.field);
    if (filter) messages.filters[filter] ??= messageText(message);
    else messages.domainName ??= messageText(message);
  }
  return messages;
}
