import '../registrations.css';
import {
  formatDateTime,
  reconciliationKinds,
  reconciliationLimits,
  type ReconciliationKind,
  type ReconciliationResult,
  type ReconciliationRun,
} from '@registrar-panel/contract';
import { Button, ListGroup, Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { BreakableText } from '../../../components/breakable-text';
import { DownloadProgress } from '../../../components/download-progress';
import { Icon } from '../../../components/icon';
import { LoadFailure } from '../../../components/load-failure';
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
import { exportReconciliationCsv } from '../api/export-reconciliation-csv';
import { useReconciliation, useReconciliationResults } from '../api/get-reconciliations';
import { RegistrationsNotAllowed, useMayReadRegistrations } from './registrations-not-allowed';

/**
 * `/registrations/reconciliation/{runId}?kind=…&page=N`: what one run found, counted per kind; each
 * count opens its list (in the address, so a list can be shared), a page at a time; the CSV holds them all.
 */
export function ReconciliationRunPage() {
  const { t } = useTranslation();
  const allowed = useMayReadRegistrations();
  usePageTitle(t('registrations.reconciliation.resultTitle'));
  return (
    <section aria-labelledby="reconciliation-run-title">
      <nav aria-label={t('registrations.view.breadcrumb')} className="small mb-2">
        <Link to={paths.reconciliation}>
          <Icon svg={arrowLeftIcon} className="me-1" />
          {t('registrations.reconciliation.title')}
        </Link>
      </nav>
      <h1 id="reconciliation-run-title" className="h3 mb-2">
        {t('registrations.reconciliation.resultTitle')}
      </h1>
      {allowed ? <RunResults /> : <RegistrationsNotAllowed />}
    </section>
  );
}

const kindOf = (value: string | null): ReconciliationKind => reconciliationKinds.find((kind) => kind === value) ?? 'differs';

function RunResults() {
  const { t } = useTranslation();
  const { runId = '' } = useParams();
  const run = useReconciliation(runId);
  if (run.isError)
    return (
      <LoadFailure
        error={run.error}
        notFound={t('registrations.reconciliation.notFound')}
        failed={t('registrations.reconciliation.failed')}
        onRetry={() => void run.refetch()}
        retrying={run.isFetching}
      />
    );
  if (!run.data) return null;
  return <Run run={run.data.run} />;
}

function Run({ run }: { run: ReconciliationRun }) {
  const { t } = useTranslation();
  const { count } = useFormats();
  const [params] = useSearchParams();
  const kind = kindOf(params.get('kind'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const hrefOf = (target: ReconciliationKind, targetPage = 1) => `${paths.reconciliationRun(run.id)}?kind=${target}&page=${targetPage}`;
  return (
    <>
      <p className="text-body-secondary mb-4" data-testid="reconciliation-summary">
        {t('registrations.reconciliation.summary', {
          file: run.fileName ?? '–',
          time: formatDateTime(run.startedAt),
          user: run.startedBy,
          lines: count(run.linesRead),
          count: run.linesRead,
        })}{' '}
        {t('registrations.reconciliation.keptUntil', { time: formatDateTime(run.expiresAt) })}
      </p>
      <div className="row g-4">
        <div className="col-lg-4 col-xl-3">
          <SectionCard id="reconciliation-counts" title={t('registrations.reconciliation.found')} flush actions={<ExportButton run={run} />}>
            <ListGroup variant="flush" as="ul">
              {reconciliationKinds.map((each) => (
                <ListGroup.Item
                  key={each}
                  as="li"
                  className={`d-flex justify-content-between align-items-baseline gap-2${each === kind ? ' list-group-item-primary fw-semibold' : ''}`}
                  data-testid={`reconciliation-count-${each}`}
                >
                  <Link to={hrefOf(each)} aria-current={each === kind ? 'true' : undefined}>
                    {t(`registrations.reconciliation.kind.${each}`)}
                  </Link>
                  <span className="fw-semibold">{count(run.counts[each])}</span>
                </ListGroup.Item>
              ))}
            </ListGroup>
            <p className="small text-body-secondary m-3 mb-2">
              {t('registrations.reconciliation.columnsCompared', {
                fields:
                  run.columns
                    .filter((c) => c !== 'name')
                    .map((c) => t(`registrations.reconciliation.field.${c}`))
                    .join(', ') || '–',
              })}
            </p>
          </SectionCard>
        </div>
        <div className="col-lg-8 col-xl-9">
          <ResultList run={run} kind={kind} page={page} hrefOf={hrefOf} />
        </div>
      </div>
    </>
  );
}

function ExportButton({ run }: { run: ReconciliationRun }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const download = useDownload();
  return (
    <div>
      <Button
        variant="primary"
        size="sm"
        disabled={download.running}
        onClick={() => void exportReconciliationCsv(download, run.id, user?.registrarHandle ?? '', t('registrations.reconciliation.exportFailed'))}
        data-testid="reconciliation-export"
      >
        <Icon svg={downloadIcon} className="me-2" />
        {t('registrations.reconciliation.export')}
      </Button>
      <DownloadProgress progress={download.progress} label={t('registrations.reconciliation.export')} />
    </div>
  );
}

function ResultList({
  run,
  kind,
  page,
  hrefOf,
}: {
  run: ReconciliationRun;
  kind: ReconciliationKind;
  page: number;
  hrefOf: (kind: ReconciliationKind, page?: number) => string;
}) {
  const { t } = useTranslation();
  const results = useReconciliationResults(run.id, kind, page - 1);
  const total = run.counts[kind];
  const pageCount = Math.ceil(total / reconciliationLimits.pageSize);
  const title = t(`registrations.reconciliation.kind.${kind}`);
  return (
    <SectionCard id="reconciliation-results" title={title} flush testId="reconciliation-results">
      <p className="small text-body-secondary m-3 mb-2">{t(`registrations.reconciliation.kindText.${kind}`)}</p>
      {total === 0 && <p className="m-3">{t('registrations.reconciliation.none')}</p>}
      {total > 0 && results.data && (
        <div className="px-3">
          <ResultTable kind={kind} results={results.data.results} />
        </div>
      )}
      {pageCount > 1 && (
        <div className="m-3">
          <Pager
            page={page}
            pageCount={pageCount}
            hrefFor={(target) => hrefOf(kind, target)}
            labels={{
              navigation: t('registrations.reconciliation.pages', { kind: title }),
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

function ResultTable({ kind, results }: { kind: ReconciliationKind; results: ReconciliationResult[] }) {
  const { t } = useTranslation();
  const label = (name: string) => t(`registrations.reconciliation.column.${name}`);
  const withLine = kind !== 'missingFromFile';
  return (
    <Table className={`${stackTableClass} mb-0 align-middle`} data-testid={`reconciliation-table-${kind}`}>
      <thead>
        <tr>
          {withLine && <th scope="col">{label('line')}</th>}
          <th scope="col">{label('name')}</th>
          {kind === 'differs' && (
            <>
              <th scope="col">{label('field')}</th>
              <th scope="col">{label('registry')}</th>
              <th scope="col">{label('file')}</th>
            </>
          )}
          {kind === 'badLine' && <th scope="col">{label('problem')}</th>}
        </tr>
      </thead>
      <tbody>
        {results.map((result, index) => (
          <tr key={`${result.line ?? ''}-${result.field ?? ''}-${index}`}>
            {withLine && <StackCell label={label('line')}>{result.line}</StackCell>}
            <StackCell label={label('name')} header>
              {kind === 'missingFromFile' && result.name ? (
                <Link to={paths.registration(result.name)}>
                  <BreakableText text={result.name} />
                </Link>
              ) : (
                <BreakableText text={result.name ?? '–'} />
              )}
            </StackCell>
            {kind === 'differs' && (
              <>
                <StackCell label={label('field')}>{t(`registrations.reconciliation.field.${result.field ?? 'expiry'}`)}</StackCell>
                <StackCell label={label('registry')}>
                  <BreakableText text={result.registryValue || '–'} />
                </StackCell>
                <StackCell label={label('file')}>
                  <BreakableText text={result.fileValue ?? '–'} />
                </StackCell>
              </>
            )}
            {kind === 'badLine' && (
              <StackCell label={label('problem')}>{result.problem ? t(result.problem, { max: reconciliationLimits.maxLineBytes }) : ''}</StackCell>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
