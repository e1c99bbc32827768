import '../registrations.css';
import { formatDateTime, reconciliationKinds, type ReconciliationRun } from '@registrar-panel/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button, Form, ProgressBar, Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useNavigate } from 'react-router';
import { Icon } from '../../../components/icon';
import { SectionCard } from '../../../components/section-card';
import { StackCell, stackTableClass } from '../../../components/stack-table';
import { BreakableText } from '../../../components/breakable-text';
import { useFormats } from '../../../lib/formats';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import uploadIcon from 'bootstrap-icons/icons/upload.svg?raw';
import listIcon from 'bootstrap-icons/icons/list-check.svg?raw';
import { useReconciliationMaxBytes, useReconciliations } from '../api/get-reconciliations';
import { useStartReconciliation, type UploadProgress } from '../api/start-reconciliation';
import { RegistrationsNotAllowed, useMayReadRegistrations } from './registrations-not-allowed';

/**
 * `/registrations/reconciliation`, linked from 'Search registrations': the registrar uploads its
 * own list of names as CSV and gets back what differs from its registrations; the runs of the last
 * 30 days below, each opening its differences.
 */
export function ReconciliationPage() {
  const { t } = useTranslation();
  const allowed = useMayReadRegistrations();
  usePageTitle(t('registrations.reconciliation.title'));
  return (
    <section aria-labelledby="reconciliation-title">
      <nav aria-label={t('registrations.view.breadcrumb')} className="small mb-2">
        <Link to={paths.registrationSearch}>
          <Icon svg={arrowLeftIcon} className="me-1" />
          {t('registrations.overview.backToSearch')}
        </Link>
      </nav>
      <h1 id="reconciliation-title" className="h3 mb-2">
        {t('registrations.reconciliation.title')}
      </h1>
      {allowed ? <Reconciliation /> : <RegistrationsNotAllowed />}
    </section>
  );
}

function Reconciliation() {
  const { t } = useTranslation();
  const runs = useReconciliations();
  const running = runs.data?.runs.find((run) => run.state === 'receiving' || run.state === 'comparing');
  return (
    <>
      <p className="text-body-secondary mb-4">{t('registrations.reconciliation.intro')}</p>
      <div className="mb-4">
        <UploadSection running={running} />
      </div>
      <SectionCard id="reconciliation-runs" title={t('registrations.reconciliation.runs')} icon={listIcon} flush>
        {runs.data && runs.data.runs.length === 0 && <p className="text-body-secondary m-3">{t('registrations.reconciliation.noRuns')}</p>}
        {runs.data && runs.data.runs.length > 0 && <RunsTable runs={runs.data.runs} />}
      </SectionCard>
    </>
  );
}

function UploadSection({ running }: { running: ReconciliationRun | undefined }) {
  const { t } = useTranslation();
  const inputId = useId();
  const navigate = useNavigate();
  const maxBytes = useReconciliationMaxBytes();
  const upload = useStartReconciliation();
  const [file, setFile] = useState<File | null>(null);
  const maxMegabytes = Math.floor(maxBytes / 1024 / 1024);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    const run = await upload.start(file);
    if (run) void navigate(paths.reconciliationRun(run.id));
  };

  return (
    <SectionCard id="reconciliation-upload" title={t('registrations.reconciliation.upload')} icon={uploadIcon}>
      <p className="mb-2">{t('registrations.reconciliation.uploadIntro', { max: maxMegabytes })}</p>
      <ul className="small text-body-secondary mb-3">
        <li>{t('registrations.reconciliation.columnName')}</li>
        <li>{t('registrations.reconciliation.columnsOptional')}</li>
        <li>{t('registrations.reconciliation.columnsFormat')}</li>
      </ul>
      <Form onSubmit={(event) => void onSubmit(event)} className="reconciliation-upload">
        <Form.Group controlId={inputId} className="mb-3">
          <Form.Label>{t('registrations.reconciliation.file')}</Form.Label>
          <Form.Control
            type="file"
            accept=".csv,text/csv"
            disabled={upload.running}
            onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
            data-testid="reconciliation-file"
          />
        </Form.Group>
        <Button type="submit" variant="primary" disabled={!file || upload.running || running !== undefined} data-testid="reconciliation-start">
          <Icon svg={uploadIcon} className="me-2" />
          {t('registrations.reconciliation.start')}
        </Button>
        {running && !upload.running && <p className="small text-body-secondary mt-2 mb-0">{t('registrations.reconciliation.oneAtATime')}</p>}
      </Form>
      <UploadProgressBar progress={upload.progress} run={running} />
    </SectionCard>
  );
}

/** The file's bytes on their way (the browser's count), then the server's phase with the lines it read. */
function UploadProgressBar({ progress, run }: { progress: UploadProgress | null; run: ReconciliationRun | undefined }) {
  const { t } = useTranslation();
  const { count } = useFormats();
  if (!progress) return null;
  const percent = progress.phase === 'sending' ? Math.floor(progress.fraction * 100) : null;
  return (
    <div className="mt-3" role="status" aria-live="polite" data-testid="reconciliation-progress">
      <ProgressBar
        key={percent === null ? 'comparing' : 'sending'}
        now={percent ?? 100}
        animated={percent === null}
        striped={percent === null}
        label={percent === null ? undefined : `${percent} %`}
        aria-label={t('registrations.reconciliation.progress')}
        style={{ height: '1.1rem' }}
      />
      <div className="small text-body-secondary mt-1">
        {percent === null ? t('registrations.reconciliation.comparing') : t('registrations.reconciliation.sending', { percent })}
        {run && run.linesRead > 0 && <> · {t('registrations.reconciliation.linesRead', { count: run.linesRead, formatted: count(run.linesRead) })}</>}
      </div>
    </div>
  );
}

function RunsTable({ runs }: { runs: ReconciliationRun[] }) {
  const { t } = useTranslation();
  const { count } = useFormats();
  const kindLabel = (kind: string) => t(`registrations.reconciliation.kind.${kind}`);
  return (
    <Table className={`${stackTableClass} mb-0 align-middle`} data-testid="reconciliation-runs">
      <thead>
        <tr>
          <th scope="col">{t('registrations.reconciliation.startedAt')}</th>
          <th scope="col">{t('registrations.reconciliation.file')}</th>
          <th scope="col">{t('registrations.reconciliation.state')}</th>
          {reconciliationKinds.map((kind) => (
            <th key={kind} scope="col" className="text-end">
              {kindLabel(kind)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={run.id}>
            <StackCell label={t('registrations.reconciliation.startedAt')} header>
              {run.state === 'done' ? <Link to={paths.reconciliationRun(run.id)}>{formatDateTime(run.startedAt)}</Link> : formatDateTime(run.startedAt)}
              <div className="small text-body-secondary">{run.startedBy}</div>
            </StackCell>
            <StackCell label={t('registrations.reconciliation.file')}>
              <BreakableText text={run.fileName ?? '–'} />
            </StackCell>
            <StackCell label={t('registrations.reconciliation.state')}>{t(`registrations.reconciliation.stateName.${run.state}`)}</StackCell>
            {reconciliationKinds.map((kind) => (
              <StackCell key={kind} label={kindLabel(kind)} className="text-md-end">
                {run.state === 'done' ? count(run.counts[kind]) : '–'}
              </StackCell>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
