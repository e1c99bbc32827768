import type { RegistryContact } from '@registrar-panel/contract';
import { Alert } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useCountryName } from '../../../lib/countries';
import { useContact } from '../api/get-contact';
import { DetailList } from '../../../components/detail-list';
import { SectionCard } from '../../../components/section-card';
import { RegistrationsNotAllowed, useMayReadRegistrations } from './registrations-not-allowed';
import { BreakableText } from '../../../components/breakable-text';
import infoCircleIcon from 'bootstrap-icons/icons/info-circle.svg?raw';
import personVcardIcon from 'bootstrap-icons/icons/person-vcard.svg?raw';
import { usePageTitle } from '../../../lib/page-title';
import { LoadFailure } from '../../../components/load-failure';

/** What `/contact/view` without a handle shows: the Info and Contact blocks with every field empty, asking nothing. */
const noContact: RegistryContact = {
  handle: '',
  roid: '',
  name: null,
  organization: null,
  phone: null,
  fax: null,
  email: null,
  email_unicode: null,
  address: { street: null, street2: null, street3: null, postalCode: null, city: null, region: null, countryCode: null },
};

/** `/contact/view/{handle}`: a registry contact; `/contact/view` without a handle shows its blocks empty and says why. */
export function ContactViewPage() {
  const { t } = useTranslation();
  const { handle } = useParams();
  const allowed = useMayReadRegistrations();
  const loaded = useContact(handle, allowed);
  const contact = handle ? loaded.data : allowed ? noContact : undefined;
  const countryName = useCountryName(Boolean(handle) && allowed);
  usePageTitle(handle ? `${t('registrations.contact.title')} ${handle}` : t('registrations.contact.title'));

  return (
    // Without a handle the page's name is 'Contact', the Contact block's too: the page is then no
    // region of its own, so that no two landmarks share a name.
    <section aria-labelledby={handle ? 'contact-title' : undefined}>
      <h1 id="contact-title" className="h3 mb-4 text-break">
        {t('registrations.contact.title')}
        {handle && <span className="text-body-secondary fw-normal"> {handle}</span>}
      </h1>
      {!allowed && <RegistrationsNotAllowed />}
      {allowed && !handle && (
        <Alert variant="light" className="border">
          {t('registrations.contact.noHandle')} <Link to={paths.registrationSearch}>{t('registrations.contact.toSearch')}</Link>
        </Alert>
      )}
      {loaded.isError && (
        <LoadFailure
          error={loaded.error}
          notFound={t('registrations.contact.notFound')}
          failed={t('registrations.contact.failed')}
          onRetry={() => void loaded.refetch()}
          retrying={loaded.isFetching}
        />
      )}
      {contact && (
        <div className="row g-4">
          <div className="col-lg-4">
            <SectionCard id="contact-info" title={t('registrations.contact.info')} icon={infoCircleIcon} className="h-100">
              <DetailList
                labels="wide"
                rows={[
                  { name: 'handle', label: t('registrations.contact.handle'), value: contact.handle },
                  { name: 'roid', label: t('registrations.contact.roid'), value: contact.roid && <span className="font-monospace">{contact.roid}</span> },
                ]}
              />
            </SectionCard>
          </div>
          <div className="col-lg-8">
            <SectionCard id="contact-details" title={t('registrations.contact.contact')} icon={personVcardIcon}>
              <DetailList
                labels="wide"
                rows={[
                  { name: 'name', label: t('registrations.contact.name'), value: contact.name },
                  { name: 'organization', label: t('registrations.contact.organization'), value: contact.organization },
                  { name: 'street', label: t('registrations.contact.street'), value: contact.address.street },
                  { name: 'street2', label: t('registrations.contact.street2'), value: contact.address.street2 },
                  { name: 'street3', label: t('registrations.contact.street3'), value: contact.address.street3 },
                  { name: 'postalCode', label: t('registrations.contact.postalCode'), value: contact.address.postalCode },
                  { name: 'city', label: t('registrations.contact.city'), value: contact.address.city },
                  { name: 'region', label: t('registrations.contact.region'), value: contact.address.region },
                  { name: 'country', label: t('registrations.contact.country'), value: countryName(contact.address.countryCode) },
                  {
                    name: 'email',
                    label: t('registrations.contact.email'),
                    value: contact.email ? (
                      <a href={`mailto:${contact.email}`}>
                        <BreakableText text={contact.email_unicode ?? contact.email} />
                      </a>
                    ) : (
                      ''
                    ),
                  },
                  {
                    name: 'phone',
                    label: t('registrations.contact.phone'),
                    value: contact.phone ? <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</a> : '',
                  },
                  { name: 'fax', label: t('registrations.contact.fax'), value: contact.fax },
                ]}
              />
            </SectionCard>
          </div>
        </div>
      )}
    </section>
  );
}
