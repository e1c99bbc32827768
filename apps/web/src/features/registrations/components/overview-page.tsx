import '../registrations.css';
import { formatDateTime, formatDay, gracePeriodFilterValues, lifecycleOrder, registrationLabels, type PortfolioOverview } from '@registrar-panel/contract';

import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/page-title';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import { usePortfolioOverview } from '../api/get-portfolio-overview';
import { useProtectedTransactions } from '../../../lib/protected-transactions';
import { overviewToday } from '../forecast';
import { filteredSearchHref } from '../search-location';
import { ForecastSection } from './forecast-section';
import { CountCard, CountLink } from './overview-counts';
import { ProtectedTransactionsGauge } from './protected-transactions-gauge';
import { RegistrationsNotAllowed, useMayReadRegistrations } from './registrations-not-allowed';
import { SectionCard } from '../../../components/section-card';

/**
 * `/registrations/overview`, linked from 'Search registrations': the registrar's portfolio counted
 * by lifecycle status, grace period, labels and IDNs, what expires soon, the renewal forecast and
 * the protected transactions. Every count links to the search that lists what it counts.
 */
export function OverviewPage() {
  const { t } = useTranslation();
  const allowed = useMayReadRegistrations();
  usePageTitle(t('registrations.overview.title'));
  return (
    <section aria-labelledby="overview-title">
      <nav aria-label={t('registrations.view.breadcrumb')} className="small mb-2">
        <Link to={paths.registrationSearch}>
          <Icon svg={arrowLeftIcon} className="me-1" />
          {t('registrations.overview.backToSearch')}
        </Link>
      </nav>
      <h1 id="overview-title" className="h3 mb-2">
        {t('registrations.overview.title')}
      </h1>
      {allowed ? <Overview /> : <RegistrationsNotAllowed />}
    </section>
  );
}

function Overview() {
  const { t } = useTranslation();
  const overview = usePortfolioOverview();
  const protectedTransactions = useProtectedTransactions();
  const data = overview.data;
  if (overview.isError) return <p className="text-body-secondary">{t('registrations.overview.failed')}</p>;
  if (!data) return null;
  return (
    <>
      <p className="text-body-secondary mb-4">
        {t('registrations.overview.intro')} <span data-testid="overview-as-of">{t('registrations.overview.asOf', { time: formatDateTime(data.asOf) })}</span>
      </p>
      <div className="row g-4 mb-4">
        <div className="col-md-6 col-xl-4">
          <TotalsCard data={data} />
        </div>
        <div className="col-md-6 col-xl-4">
          <CountCard
            id="overview-expiring"
            title={t('registrations.overview.expiringSoon')}
            rows={data.expiringSoon.map((entry) => ({
              key: `expiring-${entry.days}`,
              name: t('registrations.overview.expiringWithin', { days: entry.days }),
              detail: t('registrations.overview.expiringRange', { from: formatDay(entry.from), until: formatDay(entry.until) }),
              count: entry.expiring,
              href: filteredSearchHref({ expiresFrom: entry.from, expiresTo: entry.until }),
            }))}
          />
        </div>
        <div className="col-md-12 col-xl-4">{protectedTransactions.data && <ProtectedTransactionsGauge data={protectedTransactions.data} />}</div>
      </div>
      <div className="mb-4">
        <ForecastSection forecast={data.forecast} today={overviewToday(data)} />
      </div>
      <div className="row g-4">
        <div className="col-md-6 col-xl-4">
          <CountCard
            id="overview-lifecycle"
            title={t('registrations.overview.byLifecycle')}
            rows={lifecycleOrder.map((status) => ({
              key: `status-${status}`,
              name: t(`registrations.lifecycle.${status}`),
              count: data.byLifecycle[status] ?? 0,
              href: filteredSearchHref({ status }),
            }))}
          />
        </div>
        <div className="col-md-6 col-xl-4">
          <CountCard
            id="overview-grace-period"
            title={t('registrations.overview.byGracePeriod')}
            rows={gracePeriodFilterValues.map((rgp) => ({
              key: `rgp-${rgp}`,
              name: t(`registrations.filters.rgpValue.${rgp}`),
              count: data.byGracePeriod[rgp] ?? 0,
              href: filteredSearchHref({ rgp }),
            }))}
          />
        </div>
        <div className="col-md-6 col-xl-4">
          <CountCard
            id="overview-labels"
            title={t('registrations.overview.byLabel')}
            rows={registrationLabels.map((label) => ({
              key: `label-${label}`,
              name: t(`registrations.label.${label}`),
              count: data.byLabel[label] ?? 0,
              href: filteredSearchHref({ label }),
            }))}
          />
        </div>
      </div>
    </>
  );
}

/** The registrations in all, and the IDNs among them: the two headline numbers. */
function TotalsCard({ data }: { data: PortfolioOverview }) {
  const { t } = useTranslation();
  return (
    <SectionCard
      id="overview-totals"
      title={t('registrations.overview.total')}
      className="h-100"
      bodyClassName="d-flex flex-column gap-3"
      testId="overview-totals"
    >
      <CountLink
        row={{ key: 'total', name: t('registrations.overview.totalText'), count: data.total, href: filteredSearchHref({}) }}
        className="overview-headline"
      />
      <CountLink
        row={{ key: 'idn', name: t('registrations.overview.idnText'), count: data.idn, href: filteredSearchHref({ idn: 'true' }) }}
        className="overview-headline"
      />
    </SectionCard>
  );
}
