import { limits } from '@registrar-panel/contract';
import { Alert, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pager } from '../../../components/pagination';
import { ApiError } from '../../../lib/api-client';
import { messageText } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { useSearchRegistrations } from '../api/search-registrations';
import { SearchForm } from './search-form';
import { SearchResults } from './search-results';

/** `?domainname=…&page=N` (N one-based) → the search; so a reload or a shared link runs it again. */
export function searchHref(term: string, page: number): string {
  return `${paths.registrationSearch}?${new URLSearchParams({ domainname: term, page: String(page) }).toString()}`;
}

/** `/registrations/search`: search the registrar's registrations by name, with '*' as wildcard. */
export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const term = params.get('domainname');
  const page = Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1);
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

  return (
    <section aria-labelledby="registration-search-title">
      <h1 id="registration-search-title" className="h3 mb-4">
        {t('registrations.search.title')}
      </h1>
      <Card className="mb-4">
        <Card.Body>
          <SearchForm term={term ?? ''} serverError={inputMessage ? messageText(inputMessage) : undefined} onSearch={onSearch} />
        </Card.Body>
      </Card>
      {term !== null && data && total === 0 && (
        <Alert variant="light" className="border d-flex align-items-center gap-2" data-testid="no-results">
          <i className="bi bi-inbox fs-5" aria-hidden="true" />
          {t('registrations.search.noResults', { search: term })}
        </Alert>
      )}
      {term !== null && data && total > 0 && (
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
          <Card.Body className="p-0">
            <SearchResults results={data.results} />
          </Card.Body>
          {pageCount > 1 && (
            <Card.Footer className="bg-body">
              <Pager
                page={page}
                pageCount={pageCount}
                hrefFor={(n) => searchHref(term, n)}
                labels={{ navigation: t('registrations.search.pages'), first: t('registrations.search.first'), last: t('registrations.search.last') }}
              />
            </Card.Footer>
          )}
        </Card>
      )}
    </section>
  );
}
