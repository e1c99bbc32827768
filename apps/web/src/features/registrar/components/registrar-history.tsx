import '../registrar.css';
import { can, historyKinds, limits, type HistoryFilter } from '@registrar-panel/contract';
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Icon } from '../../../components/icon';
import { NotAllowed } from '../../../components/not-allowed';
import { Pager } from '../../../components/pagination';
import { useCurrentUser } from '../../../lib/auth';
import { useDownload } from '../../../lib/download';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { downloadHistoryCsv } from '../api/download-history-csv';
import { useHistory } from '../api/get-history';
import { historyHref, historyLocationOf, type HistoryLocation } from '../history-location';
import { DownloadProgress } from '../../../components/download-progress';
import { HistoryFilters } from './history-filters';
import { HistoryTable } from './history-table';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import downloadIcon from 'bootstrap-icons/icons/download.svg?raw';
import inboxIcon from 'bootstrap-icons/icons/inbox.svg?raw';
import { useFormats } from '../../../lib/formats';

/**
 * `/registrar/history` (ADMIN and SUPPORT): every change, sign-in and CSV download of the registrar,
 * filtered by user, kind of action and dates, kept in the address; read only. Reached from the
 * registrar overview's header, not a tab (the spec's tabs stay as they are).
 */
export function RegistrarHistory() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  usePageTitle(t('registrar.history.title'));
  const allowed = user !== null && can(user.roles, 'readHistory');
  // The personal-data log is a kind of the history for ADMIN users only (the server refuses it to anyone else).
  const seesPersonalData = user !== null && can(user.roles, 'readPersonalDataLog');
  const kinds = historyKinds.filter((kind) => kind !== 'personalData' || seesPersonalData);
  const parsed = historyLocationOf(params);
  const apply = (filter: HistoryFilter) => void navigate(historyHref(filter));

  return (
    <section aria-labelledby="history-title">
      <Link to={paths.generalData} className="d-inline-flex align-items-center gap-2 mb-2 small">
        <Icon svg={arrowLeftIcon} />
        {t('registrar.history.back')}
      </Link>
      <h1 id="history-title" className="h3 mb-2">
        {t('registrar.history.title')}
      </h1>
      {!allowed || !user ? (
        <NotAllowed title={t('registrar.history.notAllowed.title')} text={t('registrar.history.notAllowed.text')} capability="readHistory" />
      ) : (
        <>
          <p className={`text-body-secondary ${seesPersonalData ? 'mb-2' : 'mb-4'}`}>{t('registrar.history.intro')}</p>
          {seesPersonalData && (
            <p className="text-body-secondary mb-4" data-testid="history-personal-data-note">
              {t('registrar.history.personalDataNote')}
            </p>
          )}
          <Card className="mb-4">
            <Card.Body>
              <HistoryFilters
                filter={parsed.location?.filter}
                messages={parsed.messages ?? []}
                handle={user.registrarHandle}
                kinds={kinds}
                onApply={apply}
                onClear={() => void navigate(paths.registrarHistory)}
              />
            </Card.Body>
          </Card>
          {parsed.location && <HistoryResults location={parsed.location} handle={user.registrarHandle} />}
        </>
      )}
    </section>
  );
}

function HistoryResults({ location, handle }: { location: HistoryLocation; handle: string }) {
  const { t } = useTranslation();
  const { filter, page } = location;
  const history = useHistory(filter, page);
  const download = useDownload();
  const data = history.data;
  const { count } = useFormats();
  if (!data) return null;
  const from = (page - 1) * limits.historyPageSize + 1;
  const to = from + data.entries.length - 1;
  const paged = data.pageCount > 1 && page <= data.pageCount;
  const pager = (navigation: string) => (
    <Pager
      page={page}
      pageCount={data.pageCount}
      maxLinks={limits.paginationMaxLinks}
      hrefFor={(n) => historyHref(filter, n)}
      labels={{
        navigation,
        first: t('registrar.history.first'),
        previous: t('registrar.history.previous'),
        next: t('registrar.history.next'),
        last: t('registrar.history.last'),
      }}
    />
  );
  const heading = data.totalCapped
    ? t('registrar.history.foundCapped', { formatted: count(data.total) })
    : t('registrar.history.found', { count: data.total, formatted: count(data.total) });

  return (
    // While another filter's page loads, the last one stays on screen, marked busy (also for tests to wait on).
    <Card as="section" aria-labelledby="history-results-title" aria-busy={history.isPlaceholderData} data-testid="history-results">
      <Card.Header className="bg-body d-flex flex-wrap justify-content-between align-items-center gap-2">
        <div>
          <h2 id="history-results-title" className="h5 mb-0">
            {heading}
          </h2>
          {data.entries.length > 0 && (
            <span className="small text-body-secondary" data-testid="history-range">
              {t('registrar.history.showing', { from: count(from), to: count(to) })}
            </span>
          )}
        </div>
        {data.total > 0 && (
          <Button
            variant="outline-primary"
            size="sm"
            disabled={download.running}
            onClick={() => void downloadHistoryCsv(download, handle, filter, t('registrar.download.failed'))}
            data-testid="history-export"
          >
            <Icon svg={downloadIcon} className="me-2" />
            {t('registrar.history.export')}
          </Button>
        )}
      </Card.Header>
      {download.progress && (
        <div className="card-body py-2 border-bottom">
          <DownloadProgress progress={download.progress} label={t('registrar.history.export')} />
        </div>
      )}
      {data.totalCapped && (
        <Alert variant="info" className="m-3 mb-0" data-testid="history-capped">
          {t('registrar.history.capped', { formatted: count(data.total) })}
        </Alert>
      )}
      {paged && <div className="card-body py-2 border-bottom">{pager(t('registrar.history.pages'))}</div>}
      <Card.Body className="p-2 p-md-0">
        {data.total === 0 ? (
          <p className="d-flex align-items-center gap-2 m-md-3 mb-0 text-body-secondary" data-testid="history-none">
            <Icon svg={inboxIcon} className="fs-5" />
            {t('registrar.history.none')}
          </p>
        ) : data.entries.length === 0 ? (
          <Alert variant="warning" className="m-md-3 mb-0 d-flex flex-wrap gap-2" data-testid="history-past-last">
            <span>{t('registrar.history.pastLast', { page: count(page), last: count(data.pageCount) })}</span>
            <Link to={historyHref(filter, data.pageCount)} className="alert-link">
              {t('registrar.history.toLastPage', { last: count(data.pageCount) })}
            </Link>
          </Alert>
        ) : (
          <HistoryTable entries={data.entries} />
        )}
      </Card.Body>
      {paged && <Card.Footer className="bg-body">{pager(t('registrar.history.pagesBottom'))}</Card.Footer>}
    </Card>
  );
}
