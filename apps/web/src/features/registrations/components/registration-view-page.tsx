import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useRegistration, useTransfer } from '../api/get-registration';
import { relatedTransferStatus } from '../rules/registration-rules';
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

/** `/registrations/registration/{domainname}/view`: one registration in full (tab 'Domain Info'). */
export function RegistrationViewPage() {
  const { t } = useTranslation();
  const name = useParams().domainname ?? '';
  const { data: domain, isError } = useRegistration(name);
  const transfer = useTransfer(name, Boolean(domain));
  const transferStatus = transfer.isSuccess ? relatedTransferStatus(transfer.data) : transfer.isError ? 'NONE' : undefined;

  return (
    <section aria-labelledby="registration-title">
      <nav aria-label={t('registrations.view.breadcrumb')} className="small mb-2">
        <Link to={paths.registrationSearch}>
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {t('registrations.view.backToSearch')}
        </Link>
      </nav>
      <h1 id="registration-title" className="h3 mb-3 text-break">
        {domain?.uLabel ?? name}
      </h1>
      <Nav variant="tabs" className="mb-4" activeKey="domainInfo">
        <Nav.Item>
          <Nav.Link eventKey="domainInfo" aria-current="page">
            <i className="bi bi-info-circle me-2" aria-hidden="true" />
            {t('registrations.view.tab')}
          </Nav.Link>
        </Nav.Item>
      </Nav>
      {isError && <p className="text-body-secondary">{t('registrations.view.notFound')}</p>}
      {domain && (
        <div className="row g-4">
          <div className="col-xl-6 d-flex flex-column gap-4">
            <GeneralDataSection domain={domain} transferStatus={transferStatus} />
            <DatesSection domain={domain} />
            <RegistrantSection domain={domain} />
            <GracePeriodSection domain={domain} />
          </div>
          <div className="col-xl-6 d-flex flex-column gap-4">
            <StatusSection domain={domain} />
            <ContactsSection domain={domain} />
            <NameserversSection domain={domain} />
            <KeysSection domain={domain} />
          </div>
        </div>
      )}
    </section>
  );
}
