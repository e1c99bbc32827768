import type { AuditDetails } from '@registrar-panel/contract';
import type { TFunction } from '../../../../lib/translator';
import { useTranslation } from '../../../../lib/use-translation';
import { Change, Lines, text } from './lines';

/** A contact field's dotted path (`address.city`) as the contact forms label it. */
const contactFieldKeys: Record<string, string> = {
  name: 'registrar.contact.name',
  organization: 'registrar.contact.organization',
  street: 'registrar.contact.street',
  street2: 'registrar.contact.street2',
  street3: 'registrar.contact.street3',
  postalCode: 'registrar.contact.postalCode',
  city: 'registrar.contact.city',
  region: 'registrar.contact.region',
  countryCode: 'registrar.contact.country',
  email: 'registrar.contact.email',
  phone: 'registrar.contact.phone',
  mobilePhone: 'registrar.contact.mobilePhone',
  url: 'registrar.contact.url',
};

function fieldLabel(t: TFunction, field: string): string {
  const last = field.split('.').pop() ?? field;
  const key = contactFieldKeys[last];
  return key ? t(key) : field;
}

/** A contact saved: each changed field's before → after. */
export function ContactDetails({ details }: { details: Partial<AuditDetails['registrar.publicContact.update']> }) {
  const { t } = useTranslation();
  if (!details.changes) return null;
  return (
    <Lines>
      {details.changes.map((change, index) => (
        <Change key={`${change.field}-${index}`} label={fieldLabel(t, change.field)} before={text(change.old)} after={text(change.new)} />
      ))}
    </Lines>
  );
}
