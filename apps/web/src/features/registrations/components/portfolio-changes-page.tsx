import {
  formatDateTime,
  registrationHistoryChangeKinds,
  registrationHistoryLimits,
  type PortfolioChange,
  type PortfolioChangeCountsResponse,
  type PortfolioChangesResponse,
  type RegistrationHistoryChangeKind,
} from '@registrar-panel/contract';
import { Button, ListGroup, Spinner, Table } from 'react-bootstrap';
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
import { exportPortfolioChangesCsv, usePortfolioChangeCounts, usePortfolioChanges } from '../api/get-registration-past';
import { PastDateForm } from './past-date-form';
import { RegistrationsNotAllowed, useMayReadRegistrations } from './registrations-not-allowed';

/**
 * `/registrations/changes?from=…&to=…&kind=…&page=N`: what changed in the portfolio between the ends
 * of two days (Brussels): counts per kind, each opening its list with the values before and after;
 * the CSV holds them all. Linked from the search page's header. The counts come in a request of their
 * own, which a wide range makes slower than a page: the list shows first, the counts when they come.
 */
export function PortfolioChangesPage() {
  const { t } = useTranslation();
  const allowed = useMayReadRegistrations();
  usePageTitle(t('registrations.past.changes.title'));
  return (
    <section aria-labelledby="portfolio-changes-title">
      <nav aria-label={t('registrations.view.breadcrumb')} className="small mb-2">
        <Link to={paths.registrationSearch}>
          <Icon svg={arrowLeftIcon} className="me-1" />
          {t('registrations.view.backToSearch')}
        </Link>
      </nav>
      <h1 id="portfolio-changes-title" className="h3 mb-3">
        {t('registrations.past.changes.title')}
      </h1>
      {allowed ? <Changes /> : <RegistrationsNotAllowed />}
    </section>
  );
}

const kindOf = (value: string | null): RegistrationHistoryChangeKind => registrationHistoryChangeKinds.find((kind) => kind === value) ?? 'added';

function Changes() {
  const { t } = useTranslation();
  const { count } = useFormats();
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const range = from && to ? { from, to } : null;
  const kind = kindOf(params.get('kind'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const changes = usePortfolioChanges(range, kind, page - 1);
  const countsQuery = usePortfolioChangeCounts(range);
  const counts = countsQuery.data?.counts;
  const data = changes.data;
  const hrefOf = (target: RegistrationHistoryChangeKind, targetPage = 1) =>
    `${paths.portfolioChanges}?from=${from ?? ''}&to=${to ?? ''}&kind=${target}&page=${targetPage}`;
  return (
    <>
      <p className="text-body-secondary">{t('registrations.past.changes.intro')}</p>
      <PastDateForm
        key={`${from ?? ''}-${to ?? ''}`}
        fields={[
          { name: 'from', label: t('registrations.past.changes.from') },
          { name: 'to', label: t('registrations.past.changes.to') },
        ]}
        values={{ from: from ?? undefined, to: to ?? undefined }}
        submitLabel={t('registrations.past.show')}
        onSubmit={(days) => setParams({ from: days.from, to: days.to })}
      />
      {range && data && (
        <div className="row g-4">
          <div className="col-lg-4 col-xl-3">
            <SectionCard id="portfolio-change-counts" title={t('registrations.past.changes.counts')} flush actions={<ExportButton range={range} />}>
              <ListGroup variant="flush" as="ul">
                {registrationHistoryChangeKinds.map((each) => (
                  <ListGroup.Item
                    key={each}
                    as="li"
                    className={`d-flex justify-content-between align-items-baseline gap-2${each === kind ? ' list-group-item-primary fw-semibold' : ''}`}
                    data-testid={`portfolio-change-count-${each}`}
                  >
                    <Link to={hrefOf(each)} aria-current={each === kind ? 'true' : undefined}>
                      {t(`registrations.past.kind.${each}`)}
                    </Link>
                    <span className="fw-semibold">
                      {counts ? (
                        count(counts[each])
                      ) : countsQuery.isError ? (
                        '–'
                      ) : (
                        <Spinner animation="border" size="sm" role="status" className="text-body-secondary">
                          <span className="visually-hidden">{t('app.spinner.loading')}</span>
                        </Spinner>
                      )}
                    </span>
                  </ListGroup.Item>
                ))}
              </ListGroup>
              <p className="small text-body-secondary m-3 mb-2">
                {t('registrations.past.changes.between', { from: formatDateTime(data.from), to: formatDateTime(data.to) })}{' '}
                {t('registrations.past.knownFrom', { time: formatDateTime(data.knownFrom) })}
              </p>
            </SectionCard>
          </div>
          <div className="col-lg-8 col-xl-9">
            <ChangeList data={data} counts={counts} kind={kind} page={page} hrefOf={hrefOf} />
          </div>
        </div>
      )}
    </>
  );
}

function ExportButton({ range }: { range: { from: string; to: string } }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const download = useDownload();
  return (
    <div>
      <Button
        variant="primary"
        size="sm"
        disabled={download.running}
        onClick={() => void exportPortfolioChangesCsv(download, range, user?.registrarHandle ?? '', t('registrations.past.exportFailed'))}
        data-testid="portfolio-changes-export"
      >
        <Icon svg={downloadIcon} className="me-2" />
        {t('registrations.past.export')}
      </Button>
      <DownloadProgress progress={download.progress} label={t('registrations.past.export')} />
    </div>
  );
}

function ChangeList({
  data,
  counts,
  kind,
  page,
  hrefOf,
}: {
  data: PortfolioChangesResponse;
  /** Undefined until they come: the pages are then only known once they are. */
  counts: PortfolioChangeCountsResponse['counts'] | undefined;
  kind: RegistrationHistoryChangeKind;
  page: number;
  hrefOf: (kind: RegistrationHistoryChangeKind, page?: number) => string;
}) {
  const { t } = useTranslation();
  const shown = data.kind === kind ? data.changes : [];
  const pageCount = counts ? Math.ceil(counts[kind] / registrationHistoryLimits.pageSize) : 0;
  const title = t(`registrations.past.kind.${kind}`);
  return (
    <SectionCard id="portfolio-changes-list" title={title} flush testId="portfolio-changes">
      {data.kind === kind && shown.length === 0 && page === 1 && <p className="m-3">{t('registrations.past.changes.none')}</p>}
      {shown.length > 0 && (
        <div className="px-3">
          <ChangeTable changes={data.changes} />
        </div>
      )}
      {pageCount > 1 && (
        <div className="m-3">
          <Pager
            page={page}
            pageCount={pageCount}
            hrefFor={(target) => hrefOf(kind, target)}
            labels={{
              navigation: t('registrations.past.changes.pages', { kind: title }),
              first: t('registrations.search.first'),
              last: t('registrations.search.last'),
              previous: t('registrations.search.previous'),
              next: t('registrations.search.next'),
            }}
          />
        </div>
      )}
    </SectionCard>
  );
}

/** One item of a compared list as text: a name server by its name, a DS record by its key tag, a status as it is. */
function itemText(item: unknown): string {
  if (typeof item === 'string' || typeof item === 'number') return String(item);
  if (typeof item !== 'object' || item === null) return '';
  const { name, keyTag } = item as { name?: unknown; keyTag?: unknown };
  return typeof name === 'string' ? name : typeof keyTag === 'number' ? String(keyTag) : '';
}

/** A compared value as text: lists joined, an instant in Brussels time. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (Array.isArray(value)) return value.map(itemText).join(', ') || '–';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
  return itemText(value) || '–';
}

function ChangeTable({ changes }: { changes: PortfolioChange[] }) {
  const { t } = useTranslation();
  const label = (column: string) => t(`registrations.past.column.${column}`);
  const fieldsOf = (change: PortfolioChange) => Object.keys(change.before ?? change.after ?? {}) as (keyof NonNullable<PortfolioChange['before']>)[];
  return (
    <Table className={`${stackTableClass} mb-0 align-middle`} data-testid="portfolio-changes-table">
      <thead>
        <tr>
          {['name', 'cause', 'field', 'before', 'after'].map((column) => (
            <th key={column} scope="col">
              {label(column)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {changes.flatMap((change) =>
          fieldsOf(change).map((field, index) => (
            <tr key={`${change.name}-${field}`}>
              <StackCell label={label('name')} header>
                {index === 0 ? (
                  <Link to={paths.registrationTimeline(change.name)}>
                    <BreakableText text={change.name} />
                  </Link>
                ) : (
                  ''
                )}
              </StackCell>
              <StackCell label={label('cause')}>{index === 0 && change.cause ? t(`registrations.past.cause.${change.cause}`) : ''}</StackCell>
              <StackCell label={label('field')}>{t(`registrations.past.field.${field}`)}</StackCell>
              <StackCell label={label('before')}>{valueText(change.before?.[field])}</StackCell>
              <StackCell label={label('after')}>{valueText(change.after?.[field])}</StackCell>
            </tr>
          )),
        )}
      </tbody>
    </Table>
  );
}
