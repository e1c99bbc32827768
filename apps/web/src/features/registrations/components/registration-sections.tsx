import { formatRegistrationDate, type DomainRegistration } from '@registrar-panel/contract';
import { Table } from 'react-bootstrap';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppConfiguration } from '../../../lib/config';
import { paths } from '../../../lib/paths';
import { gracePeriodStates, labelsOf, lifecycleStatus, visibleDates, type RelatedTransferStatus } from '../rules/registration-rules';
import { DetailList } from '../../../components/detail-list';
import { SectionCard } from './section-card';
import { GracePeriodBadge, LabelBadge, LifecycleBadge } from './status-badges';

type Props = { domain: DomainRegistration };

export function GeneralDataSection({ domain, transferStatus }: Props & { transferStatus: RelatedTransferStatus | undefined }) {
  const { t } = useTranslation();
  return (
    <SectionCard id="general" title={t('registrations.view.general')} icon="bi-globe2">
      <DetailList
        labels="wide"
        rows={[
          { name: 'uLabel', label: t('registrations.view.domainName'), value: <span className="fw-semibold">{domain.uLabel}</span> },
          { name: 'aLabel', label: t('registrations.view.aLabel'), value: domain.aLabel },
          {
            name: 'lifecycle',
            label: t('registrations.view.lifecycle'),
            value: <LifecycleBadge status={lifecycleStatus(domain.statuses.map((s) => s.status))} />,
          },
          { name: 'transferStatus', label: t('registrations.view.transferStatus'), value: transferStatus ? t(`registrations.transfer.${transferStatus}`) : '' },
        ]}
      />
    </SectionCard>
  );
}

export function DatesSection({ domain }: Props) {
  const { t } = useTranslation();
  const { appConfig } = useAppConfiguration();
  return (
    <SectionCard id="dates" title={t('registrations.view.dates')} icon="bi-calendar3">
      <DetailList
        labels="wide"
        rows={visibleDates(domain).map((date) => ({
          name: date.key,
          label: t(`registrations.date.${date.key}`),
          value: formatRegistrationDate(date.value),
          help:
            date.key === 'availableOn' ? (
              <Trans
                i18nKey="registrations.date.availableOnHelp"
                components={{ guidelines: <a href={appConfig.registrationGuidelinesLink} target="_blank" rel="noopener noreferrer" /> }}
              />
            ) : undefined,
        }))}
      />
    </SectionCard>
  );
}

export function RegistrantSection({ domain }: Props) {
  const { t } = useTranslation();
  return (
    <SectionCard id="registrant" title={t('registrations.view.registrant')} icon="bi-person-badge">
      {domain.registrant ? (
        <DetailList
          labels="wide"
          rows={[{ name: 'registrant', label: t('registrations.view.handle'), value: <Link to={paths.contact(domain.registrant)}>{domain.registrant}</Link> }]}
        />
      ) : (
        <p className="mb-0 text-body-secondary">{t('registrations.view.noRegistrant')}</p>
      )}
    </SectionCard>
  );
}

export function NameserversSection({ domain }: Props) {
  const { t } = useTranslation();
  return (
    <SectionCard id="nameservers" title={t('registrations.view.nameservers')} icon="bi-hdd-network">
      {domain.nameservers.length === 0 ? (
        <p className="mb-0 text-body-secondary">{t('registrations.view.noNameservers')}</p>
      ) : (
        <Table responsive size="sm" className="mb-0 align-middle">
          <thead>
            <tr>
              <th scope="col">{t('registrations.view.nameserver')}</th>
              <th scope="col">{t('registrations.view.ipAddresses')}</th>
            </tr>
          </thead>
          <tbody>
            {domain.nameservers.map((ns) => (
              <tr key={ns.name}>
                <td className="text-break">
                  {ns.name_unicode}
                  {ns.name_unicode !== ns.name && <div className="small text-body-secondary">{ns.name}</div>}
                </td>
                <td className="font-monospace small">
                  {ns.ipAddresses.length === 0
                    ? '–'
                    : ns.ipAddresses.map((address) => (
                        <div key={address.ip} className="text-break">
                          {address.ip}
                        </div>
                      ))}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </SectionCard>
  );
}

/** One card per contact; the whole card opens the contact. */
export function ContactsSection({ domain }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SectionCard id="contacts" title={t('registrations.view.contacts')} icon="bi-people">
      <div className="row g-3">
        {domain.contacts.map((contact) => (
          <div key={`${contact.role}-${contact.handle}`} className="col-sm-6 col-xxl-4">
            <div
              className="card h-100 contact-card"
              role="link"
              tabIndex={0}
              data-contact={contact.handle}
              onClick={() => void navigate(paths.contact(contact.handle))}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void navigate(paths.contact(contact.handle));
              }}
            >
              <div className="card-body py-2">
                <div className="small text-body-secondary text-uppercase">{t(`registrations.role.${contact.role}`)}</div>
                <div className="fw-semibold text-primary d-flex align-items-center gap-1">
                  <i className="bi bi-person" aria-hidden="true" />
                  <span className="text-break">{contact.handle}</span>
                </div>
              </div>
            </div>
          </div>
        ))}
      </div>
    </SectionCard>
  );
}

export function StatusSection({ domain }: Props) {
  const { t } = useTranslation();
  const labels = labelsOf(domain.statuses.map((s) => s.status));
  return (
    <SectionCard id="status" title={t('registrations.view.status')} icon="bi-flag">
      <div className="mb-3" data-testid="labels">
        {labels.length === 0 ? (
          <span className="text-body-secondary">{t('registrations.view.noLabels')}</span>
        ) : (
          labels.map((label) => <LabelBadge key={label} label={label} />)
        )}
      </div>
      <Table size="sm" className="mb-0">
        <thead>
          <tr>
            <th scope="col">{t('registrations.view.eppStatus')}</th>
            <th scope="col">{t('registrations.view.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {domain.statuses.map((status) => (
            <tr key={status.status}>
              <td className="font-monospace small">{status.status}</td>
              <td>{status.reason ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </SectionCard>
  );
}

export function GracePeriodSection({ domain }: Props) {
  const { t } = useTranslation();
  if (!domain.rgpStatus) return null;
  return (
    <SectionCard id="rgp" title={t('registrations.view.rgp')} icon="bi-hourglass-split">
      <div className="d-flex flex-wrap gap-2">
        {gracePeriodStates.map((state) => (
          <GracePeriodBadge key={state} state={state} current={state === domain.rgpStatus} />
        ))}
      </div>
    </SectionCard>
  );
}

export function KeysSection({ domain }: Props) {
  const { t } = useTranslation();
  return (
    <SectionCard id="keys" title={t('registrations.view.keys')} icon="bi-key">
      {domain.delegationSigners.length === 0 ? (
        <p className="mb-0 text-body-secondary">{t('registrations.view.noKeys')}</p>
      ) : (
        <Table responsive size="sm" className="mb-0 align-middle">
          <thead>
            <tr>
              <th scope="col">{t('registrations.view.keyTag')}</th>
              <th scope="col">{t('registrations.view.algorithm')}</th>
              <th scope="col">{t('registrations.view.digestType')}</th>
              <th scope="col">{t('registrations.view.digest')}</th>
            </tr>
          </thead>
          <tbody>
            {domain.delegationSigners.map((ds) => (
              <tr key={`${ds.keyTag}-${ds.digestType.id}`}>
                <td>{ds.keyTag}</td>
                <td>
                  {ds.algorithm.id} <span className="text-body-secondary">({ds.algorithm.description})</span>
                </td>
                <td>
                  {ds.digestType.id} <span className="text-body-secondary">({ds.digestType.description})</span>
                </td>
                <td className="font-monospace small text-break digest">{ds.digest}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </SectionCard>
  );
}
