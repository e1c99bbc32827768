import { formatDateTime, registrationHistoryLimits, type RegistrationVersion } from '@registrar-panel/contract';
import { Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { BreakableText } from '../../../components/breakable-text';
import { Icon } from '../../../components/icon';
import { LoadFailure } from '../../../components/load-failure';
import { Pager } from '../../../components/pagination';
import { SectionCard } from '../../../components/section-card';
import { StackCell, stackTableClass } from '../../../components/stack-table';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import { useRegistrationTimeline } from '../api/get-registration-timeline';
import { RegistrationsNotAllowed, useMayReadRegistrations } from './registrations-not-allowed';

/**
 * `/registrations/registration/{domainname}/history?page=N`: the registration's states while the
 * registrar sponsored it, newest first, each with when it began and ended (Brussels time); linked
 * from the registration view, which keeps its one tab.
 */
export function RegistrationTimelinePage() {
  const { t } = useTranslation();
  const name = useParams().domainname ?? '';
  const allowed = useMayReadRegistrations();
  usePageTitle(t('registrations.timeline.title', { name }));
  return (
    <section aria-labelledby="registration-timeline-title">
      <nav aria-label={t('registrations.view.breadcrumb')} className="small mb-2">
        <Link to={paths.registration(name)} data-testid="back-to-registration">
          <Icon svg={arrowLeftIcon} className="me-1" />
          <BreakableText text={name} />
        </Link>
      </nav>
      <h1 id="registration-timeline-title" className="h3 mb-3 text-break">
        {t('registrations.timeline.title', { name })}
      </h1>
      {allowed ? <Timeline name={name} /> : <RegistrationsNotAllowed />}
    </section>
  );
}

function Timeline({ name }: { name: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const timeline = useRegistrationTimeline(name, page - 1);
  if (timeline.isError)
    return (
      <LoadFailure
        error={timeline.error}
        notFound={t('registrations.timeline.notFound')}
        failed={t('registrations.timeline.failed')}
        onRetry={() => void timeline.refetch()}
        retrying={timeline.isFetching}
      />
    );
  const data = timeline.data;
  if (!data) return null;
  const pageCount = Math.ceil(data.total / registrationHistoryLimits.pageSize);
  return (
    <>
      <p className="text-body-secondary" data-testid="timeline-known-from">
        {t('registrations.timeline.knownFrom', { time: formatDateTime(data.knownFrom) })}
      </p>
      <SectionCard id="registration-timeline-versions" title={t('registrations.timeline.versions')} flush testId="registration-timeline">
        <div className="px-3">
          <VersionTable versions={data.versions} />
        </div>
        {pageCount > 1 && (
          <div className="m-3">
            <Pager
              page={page}
              pageCount={pageCount}
              hrefFor={(target) => `${paths.registrationTimeline(name)}?page=${target}`}
              labels={{
                navigation: t('registrations.timeline.pages'),
                first: t('registrations.search.first'),
                last: t('registrations.search.last'),
                previous: t('registrations.search.previous'),
                next: t('registrations.search.next'),
              }}
            />
          </div>
        )}
      </SectionCard>
    </>
  );
}

function VersionTable({ versions }: { versions: RegistrationVersion[] }) {
  const { t } = useTranslation();
  const label = (column: string) => t(`registrations.timeline.column.${column}`);
  return (
    <Table className={`${stackTableClass} mb-0 align-middle`} data-testid="timeline-table">
      <thead>
        <tr>
          {['from', 'to', 'statuses', 'registrant', 'expiry', 'nameservers', 'ds'].map((column) => (
            <th key={column} scope="col">
              {label(column)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {versions.map((version) => (
          <tr key={version.validFrom}>
            <StackCell label={label('from')} header>
              {formatDateTime(version.validFrom)}
            </StackCell>
            <StackCell label={label('to')}>{version.validTo ? formatDateTime(version.validTo) : t('registrations.timeline.current')}</StackCell>
            <StackCell label={label('statuses')}>{version.state.statuses.join(', ') || '–'}</StackCell>
            <StackCell label={label('registrant')}>{version.state.registrant ?? '–'}</StackCell>
            <StackCell label={label('expiry')}>{version.state.expiresAt ? formatDateTime(version.state.expiresAt) : '–'}</StackCell>
            <StackCell label={label('nameservers')}>
              <BreakableText text={version.state.nameservers.map((ns) => ns.name).join(', ') || '–'} />
            </StackCell>
            <StackCell label={label('ds')}>{version.state.delegationSigners.map((ds) => ds.keyTag).join(', ') || '–'}</StackCell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
