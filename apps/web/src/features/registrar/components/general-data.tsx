import { formatDateTime } from '@registrar-panel/contract';
import { Alert } from 'react-bootstrap';
import { Trans, useTranslation } from '../../../lib/use-translation';
import { useAppConfiguration } from '../../../lib/config';
import { useRegistrar } from '../api/get-registrar';
import { AddressLines, EmailLink, PhoneLink } from './contact-values';
import { DetailList } from '../../../components/detail-list';
import { MailLanguage } from './mail-language';
import { RegistrarStatusBadge } from './registrar-status-badge';
import { Icon } from '../../../components/icon';
import infoCircleIcon from 'bootstrap-icons/icons/info-circle.svg?raw';
import { usePageTitle } from '../../../lib/page-title';
import { SectionCard } from '../../../components/section-card';

/** `/registrar/generalData`: read-only, changed by support only (spec section 2). */
export function GeneralData() {
  const { t } = useTranslation();
  const { appConfig } = useAppConfiguration();
  const { data: registrar } = useRegistrar();
  usePageTitle(t('registrar.tabs.generalData'), t('registrar.title'));
  if (!registrar) return null;
  const main = registrar.mainContact;

  return (
    <div className="d-flex flex-column gap-4">
      <Alert variant="secondary" className="d-flex gap-3 mb-0">
        <Icon svg={infoCircleIcon} className="fs-5" />
        <div>
          <p className="mb-0">{t('registrar.generalData.notice')}</p>
          {appConfig.supportEmail && (
            <p className="mb-0 small">
              <Trans
                i18nKey="registrar.generalData.noticeMail"
                values={{ email: appConfig.supportEmail }}
                components={{ mail: <a href={`mailto:${appConfig.supportEmail}`} /> }}
              />
            </p>
          )}
        </div>
      </Alert>
      <SectionCard id="general-data" title={t('registrar.generalData.title')}>
        <DetailList
          rows={[
            { name: 'handle', label: t('registrar.generalData.handle'), value: registrar.handle },
            { name: 'ianaId', label: t('registrar.generalData.ianaId'), value: registrar.ianaId ?? '' },
            { name: 'status', label: t('registrar.generalData.status'), value: <RegistrarStatusBadge status={registrar.status} /> },
            {
              name: 'startDate',
              label: t('registrar.generalData.startDate'),
              value: registrar.activationTimestamp ? formatDateTime(registrar.activationTimestamp) : t('registrar.generalData.notActivated'),
            },
          ]}
        />
      </SectionCard>
      <SectionCard id="main-contact" title={t('registrar.generalData.mainContact')}>
        <DetailList
          rows={[
            { name: 'name', label: t('registrar.contact.name'), value: main.name },
            { name: 'organization', label: t('registrar.contact.organization'), value: main.organization },
            { name: 'address', label: t('registrar.contact.address'), value: <AddressLines address={main.address} /> },
            { name: 'email', label: t('registrar.contact.email'), value: <EmailLink email={main.email} /> },
            { name: 'phone', label: t('registrar.contact.phone'), value: <PhoneLink phone={main.phone} /> },
            { name: 'mobilePhone', label: t('registrar.contact.mobilePhone'), value: main.mobilePhone ? <PhoneLink phone={main.mobilePhone} /> : '' },
          ]}
        />
      </SectionCard>
      <MailLanguage key={registrar.language} registrar={registrar} />
    </div>
  );
}
