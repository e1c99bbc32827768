import { Nav } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useRegistration, useTransfer } from '../api/get-registration';
import { relatedTransferStatus } from '../rules/registration-rules';
import { searchHref, searchLocationOf } from '../search-location';
import { RegistrationsNotAllowed, useMayReadRegistrations } from './registrations-not-allowed';
import {
  ContactsSection,
  DatesSection,
  GeneralDataSection,
  GracePeriodSection,
  KeysSection,
  NameserversSection,
  RegistrantSection,
  StatusSection,
} from './registration-sections';
import { Icon } from '../../../components/icon';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import historyIcon from 'bootstrap-icons/icons/clock-history.svg?raw';
import infoCircleIcon from 'bootstrap-icons/icons/info-circle.svg?raw';
import { usePageTitle } from '../../../lib/page-title';
import { LoadFailure } from '../../../components/load-failure';

/**
 * `/registrations/registration/{domainname}/view`: one registration in full (tab 'Domain Info').
 * Opened from a search, its address carries that search (`?domainname=…&page=N`), and the way back
 * returns to it.
 */
export function RegistrationViewPage() {
  const { t } = useTranslation();
  const name = useParams().domainname ?? '';
  const [params] = useSearchParams();
  const from = searchLocationOf(params);
  const allowed = useMayReadRegistrations();
  const registration = useRegistration(name, allowed);
  const domain = registration.data;
  usePageTitle(domain?.uLabel ?? name);
  const transfer = useTransfer(name, Boolean(domain));
  const transferStatus = transfer.isSuccess ? relatedTransferStatus(transfer.data) : transfer.isError ? 'NONE' : undefined;

  return (
    <section aria-labelledby="registration-title">
      <nav aria-label={t('registrations.view.breadcrumb')} className="small mb-2">
        <Link to={from ? searchHref(from) : paths.registrationSearch} data-testid="back-to-search">
          <Icon svg={arrowLeftIcon} className="me-1" />
          {t('registrations.view.backToSearch')}
        </Link>
      </nav>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 id="registration-title" className="h3 mb-0 text-break">
          {domain?.uLabel ?? name}
        </h1>
        {allowed && (
          <Link to={paths.registrationTimeline(domain?.uLabel ?? name)} className="d-inline-flex align-items-center" data-testid="timeline-link">
            <Icon svg={historyIcon} className="me-2" />
            {t('registrations.timeline.link')}
          </Link>
        )}
      </div>
      <Nav variant="tabs" className="mb-4" activeKey="domainInfo">
        <Nav.Item>
          <Nav.Link eventKey="domainInfo" aria-current="page">
            <Icon svg={infoCircleIcon} className="me-2" />
            {t('registrations.view.tab')}
          </Nav.Link>
        </Nav.Item>
      </Nav>
      {!allowed && <RegistrationsNotAllowed />}
      {registration.isError && (
        <LoadFailure
          error={registration.error}
          notFound={t('registrations.view.notFound')}
          failed={t('registrations.view.failed')}
          onRetry={() => void registration.refetch()}
          retrying={registration.isFetching}
        />
      )}
      {domain && (
        // The sections in the spec's order, for the eye and for the reading order alike: side by
        // side in pairs on wide screens, the grace period and the (wide) keys across the page.
        <div className="row g-4 registration-sections">
          <div className="col-xl-6">
            <GeneralDataSection domain={domain} transferStatus={transferStatus} />
          </div>
          <div className="col-xl-6">
            <DatesSection domain={domain} />
          </div>
          <div className="col-xl-6">
            <RegistrantSection domain={domain} />
          </div>
          <div className="col-xl-6">
            <NameserversSection domain={domain} />
          </div>
          <div className="col-xl-6">
            <ContactsSection domain={domain} />
          </div>
          <div className="col-xl-6">
            <StatusSection domain={domain} />
          </div>
          {domain.rgpStatus && (
            <div className="col-12">
              <GracePeriodSection domain={domain} />
            </div>
          )}
          <div className="col-12">
            <KeysSection domain={domain} />
          </div>
        </div>
      )}
    </section>
  );
}
