import '../registrations.css';
import { labelsOf, lifecycleStatus, type DomainRegistration } from '@registrar-panel/contract';
import { Table } from 'react-bootstrap';
import { Trans, useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { useAppConfiguration } from '../../../lib/config';
import { paths } from '../../../lib/paths';
import { gracePeriodStates, visibleDates, type RelatedTransferStatus } from '../rules/registration-rules';
import { DetailList } from '../../../components/detail-list';
import { ScrollRegion } from '../../../components/scroll-region';
import { BreakableText, wrapWordsClass } from '../../../components/breakable-text';
import { StackCell, stackTableClass } from '../../../components/stack-table';
import { SectionCard } from '../../../components/section-card';
import { GracePeriodBadge, LabelBadge, LifecycleBadge } from './status-badges';
import { Icon } from '../../../components/icon';
import calendar3Icon from 'bootstrap-icons/icons/calendar3.svg?raw';
import flagIcon from 'bootstrap-icons/icons/flag.svg?raw';
import globe2Icon from 'bootstrap-icons/icons/globe2.svg?raw';
import hddNetworkIcon from 'bootstrap-icons/icons/hdd-network.svg?raw';
import hourglassSplitIcon from 'bootstrap-icons/icons/hourglass-split.svg?raw';
import keyIcon from 'bootstrap-icons/icons/key.svg?raw';
import peopleIcon from 'bootstrap-icons/icons/people.svg?raw';
import personBadgeIcon from 'bootstrap-icons/icons/person-badge.svg?raw';
import personIcon from 'bootstrap-icons/icons/person.svg?raw';
import { useFormats } from '../../../lib/formats';

type Props = { domain: DomainRegistration };

export function GeneralDataSection({ domain, transferStatus }: Props & { transferStatus: RelatedTransferStatus | undefined }) {
  const { t } = useTranslation();
  return (
    <SectionCard id="general" title={t('registrations.view.general')} icon={globe2Icon}>
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
  const { registrationDate } = useFormats();
  const { appConfig } = useAppConfiguration();
  return (
    <SectionCard id="dates" title={t('registrations.view.dates')} icon={calendar3Icon}>
      <DetailList
        labels="wide"
        rows={visibleDates(domain).map((date) => ({
          name: date.key,
          label: t(`registrations.date.${date.key}`),
          value: registrationDate(date.value),
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
    <SectionCard id="registrant" title={t('registrations.view.registrant')} icon={personBadgeIcon}>
      {domain.registrant ? (
        <DetailList
          labels="wide"
          rows={[
            { name: 'registrant', label: t('registrations.view.handle'), value: <Link to={paths.contact(domain.registrant)}>{domain.registrant}</Link> },
            { name: 'registrantName', label: t('registrations.view.registrantName'), value: domain.registrantSummary?.name },
            {
              name: 'registrantEmail',
              label: t('registrations.view.registrantEmail'),
              value: domain.registrantSummary?.email ? (
                <a href={`mailto:${domain.registrantSummary.email}`}>
                  <BreakableText text={domain.registrantSummary.email} />
                </a>
              ) : undefined,
            },
          ]}
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
    <SectionCard id="nameservers" title={t('registrations.view.nameservers')} icon={hddNetworkIcon}>
      {domain.nameservers.length === 0 ? (
        <p className="mb-0 text-body-secondary">{t('registrations.view.noNameservers')}</p>
      ) : (
        <ScrollRegion label={t('registrations.view.nameservers')}>
          <Table size="sm" className={`mb-0 align-middle ${stackTableClass}`}>
            <thead>
              <tr>
                <th scope="col">{t('registrations.view.nameserver')}</th>
                <th scope="col">{t('registrations.view.ipAddresses')}</th>
              </tr>
            </thead>
            <tbody>
              {domain.nameservers.map((ns) => (
                <tr key={ns.name}>
                  <StackCell label={t('registrations.view.nameserver')} className={wrapWordsClass}>
                    <BreakableText text={ns.name_unicode} />
                    {ns.name_unicode !== ns.name && (
                      <div className="small text-body-secondary">
                        <BreakableText text={ns.name} />
                      </div>
                    )}
                  </StackCell>
                  <StackCell label={t('registrations.view.ipAddresses')} className="font-monospace small">
                    {ns.ipAddresses.length === 0
                      ? '–'
                      : ns.ipAddresses.map((address) => (
                          <div key={address.ip} className="text-break">
                            {address.ip}
                          </div>
                        ))}
                  </StackCell>
                </tr>
              ))}
            </tbody>
          </Table>
        </ScrollRegion>
      )}
    </SectionCard>
  );
}

/**
 * One card per contact; the whole card is a link to the contact, so it opens in a new tab with the
 * browser's usual gestures (ctrl or middle click, the context menu) as well.
 */
export function ContactsSection({ domain }: Props) {
  const { t } = useTranslation();
  return (
    <SectionCard id="contacts" title={t('registrations.view.contacts')} icon={peopleIcon}>
      <div className="row g-3">
        {domain.contacts.map((contact) => (
          <div key={`${contact.role}-${contact.handle}`} className="col-sm-6 col-xxl-4">
            <Link to={paths.contact(contact.handle)} className="card h-100 contact-card text-decoration-none" data-contact={contact.handle}>
              <div className="card-body py-2">
                <div className="small text-body-secondary text-uppercase">{t(`registrations.role.${contact.role}`)}</div>
                <div className="fw-semibold text-primary d-flex align-items-center gap-1">
                  <Icon svg={personIcon} />
                  <span className="text-break">{contact.handle}</span>
                </div>
              </div>
            </Link>
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
    <SectionCard id="status" title={t('registrations.view.status')} icon={flagIcon}>
      <div className="mb-3" data-testid="labels">
        {labels.length === 0 ? (
          <span className="text-body-secondary">{t('registrations.view.noLabels')}</span>
        ) : (
          labels.map((label) => <LabelBadge key={label} label={label} />)
        )}
      </div>
      <Table size="sm" className={`mb-0 ${stackTableClass}`}>
        <thead>
          <tr>
            <th scope="col">{t('registrations.view.eppStatus')}</th>
            <th scope="col">{t('registrations.view.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {domain.statuses.map((status) => (
            <tr key={status.status}>
              <StackCell label={t('registrations.view.eppStatus')} className="font-monospace small">
                {status.status}
              </StackCell>
              <StackCell label={t('registrations.view.reason')}>{status.reason ?? '–'}</StackCell>
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
    <SectionCard id="rgp" title={t('registrations.view.rgp')} icon={hourglassSplitIcon}>
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
    <SectionCard id="keys" title={t('registrations.view.keys')} icon={keyIcon}>
      {domain.delegationSigners.length === 0 ? (
        <p className="mb-0 text-body-secondary">{t('registrations.view.noKeys')}</p>
      ) : (
        <ScrollRegion label={t('registrations.view.keys')}>
          <Table size="sm" className={`mb-0 align-middle ${stackTableClass}`}>
            <thead>
              <tr>
                <th scope="col" className="text-nowrap">
                  {t('registrations.view.keyTag')}
                </th>
                <th scope="col">{t('registrations.view.algorithm')}</th>
                <th scope="col" className="text-nowrap">
                  {t('registrations.view.digestType')}
                </th>
                <th scope="col">{t('registrations.view.digest')}</th>
              </tr>
            </thead>
            <tbody>
              {domain.delegationSigners.map((ds) => (
                <tr key={`${ds.keyTag}-${ds.digestType.id}`}>
                  <StackCell label={t('registrations.view.keyTag')}>{ds.keyTag}</StackCell>
                  <StackCell label={t('registrations.view.algorithm')}>
                    {ds.algorithm.id} <span className="text-body-secondary">({ds.algorithm.description})</span>
                  </StackCell>
                  <StackCell label={t('registrations.view.digestType')}>
                    {ds.digestType.id} <span className="text-body-secondary">({ds.digestType.description})</span>
                  </StackCell>
                  {/* A digest is one long hex string: it may break anywhere. */}
                  <StackCell label={t('registrations.view.digest')} className="font-monospace small text-break digest">
                    {ds.digest}
                  </StackCell>
                </tr>
              ))}
            </tbody>
          </Table>
        </ScrollRegion>
      )}
    </SectionCard>
  );
}
