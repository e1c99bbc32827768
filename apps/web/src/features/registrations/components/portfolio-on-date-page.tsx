import { domainSearchFilterNames, formatDateTime, registrationHistoryLimits, type PortfolioOnDateRow } from '@registrar-panel/contract';
import { Button, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useSearchParams } from 'react-router';
import { BreakableText } from '../../../components/breakable-text';
import { DownloadProgress } from '../../../components/download-progress';
import { Icon } from '../../../components/icon';
import { Pager } from '../../../components/pagination';
import { SectionCard } from '../../../components/section-card';
import { StackCell, stackTableClass } from '../../../components/stack-table';
import { useCurrentUser } from '../../../lib/auth';
import { useDownload } from '../../../lib/download';
import { useFormats } from '../../../lib/formats';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import downloadIcon from 'bootstrap-icons/icons/download.svg?raw';
import { exportPortfolioOnDateCsv, usePortfolioOnDate, usePortfolioOnDateCount, type PortfolioOnDateQuestion } from '../api/get-registration-past';
import { activeFilters } from '../search-location';
import { PortfolioFilterForm, type PortfolioFilterRequest } from './portfolio-filter-form';
import { RegistrationsNotAllowed, useMayReadRegistrations } from './registrations-not-allowed';

/**
 * `/registrations/portfolio-on-date?at=YYYY-MM-DD&domainname=…&page=N` and the search's filters
 * under their contract names: every registration the registrar sponsored at the end of that day
 * (Brussels), as it was then, narrowed as asked, a page at a time, and all of them as CSV in the
 * domain report's columns; linked from the search page's header. How many there were comes in a
 * request of its own, slower than a page when filters test every registration: the list shows
 * first, the count (and the pages) when it comes.
 */
export function PortfolioOnDatePage() {
  const { t } = useTranslation();
  const allowed = useMayReadRegistrations();
  usePageTitle(t('registrations.past.onDate.title'));
  return (
    <section aria-labelledby="portfolio-on-date-title">
      <nav aria-label={t('registrations.view.breadcrumb')} className="small mb-2">
        <Link to={paths.registrationSearch}>
          <Icon svg={arrowLeftIcon} className="me-1" />
          {t('registrations.view.backToSearch')}
        </Link>
      </nav>
      <h1 id="portfolio-on-date-title" className="h3 mb-3">
        {t('registrations.past.onDate.title')}
      </h1>
      {allowed ? <PortfolioOnDate /> : <RegistrationsNotAllowed />}
    </section>
  );
}

function PortfolioOnDate() {
  const { t } = useTranslation();
  const { count } = useFormats();
  const [params, setParams] = useSearchParams();
  const at = params.get('at');
  const term = params.get('domainname') ?? '*';
  const filters = activeFilters(Object.fromEntries(domainSearchFilterNames.map((name) => [name, params.get(name) ?? undefined])));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const question: PortfolioOnDateQuestion | null = at === null ? null : { at, term, filters };
  const portfolio = usePortfolioOnDate(question, page - 1);
  const totalQuery = usePortfolioOnDateCount(question);
  const total = totalQuery.data?.total;
  const data = portfolio.data;
  const pageCount = total === undefined ? 0 : Math.ceil(total / registrationHistoryLimits.pageSize);
  const hrefOf = (target: number) => `${paths.portfolioOnDate}?${addressOf({ at: at ?? '', term, filters }, target)}`;
  return (
    <>
      <p className="text-body-secondary">{t('registrations.past.onDate.intro')}</p>
      <PortfolioFilterForm key={params.toString()} at={at} term={term} filters={filters} onSubmit={(request) => setParams(addressOf(request, 1))} />
      {at && data && (
        <SectionCard
          id="portfolio-on-date-list"
          title={
            total === undefined ? (
              <span className="d-inline-flex align-items-center gap-2">
                {t('registrations.past.onDate.counting', { time: formatDateTime(data.at) })}
                {/* A count that failed (the error shows as the portal's alert) leaves the header without a number. */}
                {!totalQuery.isError && (
                  <Spinner animation="border" size="sm" role="status" className="text-body-secondary">
                    <span className="visually-hidden">{t('app.spinner.loading')}</span>
                  </Spinner>
                )}
              </span>
            ) : (
              t('registrations.past.onDate.count', { count: total, total: count(total), time: formatDateTime(data.at) })
            )
          }
          flush
          testId="portfolio-on-date"
          actions={question && <ExportButton question={question} />}
        >
          <p className="small text-body-secondary m-3 mb-2">{t('registrations.past.knownFrom', { time: formatDateTime(data.knownFrom) })}</p>
          {data.registrations.length > 0 && (
            <div className="px-3">
              <PortfolioTable rows={data.registrations} />
            </div>
          )}
          {pageCount > 1 && (
            <div className="m-3">
              <Pager
                page={page}
                pageCount={pageCount}
                hrefFor={hrefOf}
                labels={{
                  navigation: t('registrations.past.onDate.pages'),
                  first: t('registrations.search.first'),
                  last: t('registrations.search.last'),
                  previous: t('registrations.search.previous'),
                  next: t('registrations.search.next'),
                }}
              />
            </div>
          )}
        </SectionCard>
      )}
    </>
  );
}

/** The page's address: the day, the name unless every name, the filters set, the page after the first. */
function addressOf({ at, term, filters }: PortfolioFilterRequest, page: number): URLSearchParams {
  return new URLSearchParams([
    ['at', at],
    ...(term && term !== '*' ? [['domainname', term]] : []),
    ...Object.entries(filters),
    ...(page > 1 ? [['page', String(page)]] : []),
  ]);
}

function ExportButton({ question }: { question: PortfolioOnDateQuestion }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const download = useDownload();
  return (
    <div>
      <Button
        variant="primary"
        size="sm"
        disabled={download.running}
        onClick={() => void exportPortfolioOnDateCsv(download, question, user?.registrarHandle ?? '', t('registrations.past.exportFailed'))}
        data-testid="portfolio-on-date-export"
      >
        <Icon svg={downloadIcon} className="me-2" />
        {t('registrations.past.export')}
      </Button>
      <DownloadProgress progress={download.progress} label={t('registrations.past.export')} />
    </div>
  );
}

function PortfolioTable({ rows }: { rows: PortfolioOnDateRow[] }) {
  const { t } = useTranslation();
  const label = (column: string) => t(`registrations.past.column.${column}`);
  return (
    <Table className={`${stackTableClass} mb-0 align-middle`} data-testid="portfolio-on-date-table">
      <thead>
        <tr>
          {['name', 'registrant', 'statuses', 'expiry'].map((column) => (
            <th key={column} scope="col">
              {label(column)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.name}-${row.validFrom}`}>
            <StackCell label={label('name')} header>
              <Link to={paths.registrationTimeline(row.name)}>
                <BreakableText text={row.name} />
              </Link>
            </StackCell>
            <StackCell label={label('registrant')}>
              {row.state.registrant ?? '–'}
              {row.registrantToday && (
                <div className="small text-body-secondary">
                  {t('registrations.past.registrantToday', { name: row.registrantToday.name ?? '–', email: row.registrantToday.email ?? '–' })}
                </div>
              )}
            </StackCell>
            <StackCell label={label('statuses')}>{row.state.statuses.join(', ') || '–'}</StackCell>
            <StackCell label={label('expiry')}>{row.state.expiresAt ? formatDateTime(row.state.expiresAt) : '–'}</StackCell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
