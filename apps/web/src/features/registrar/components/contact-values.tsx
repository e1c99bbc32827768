import type { Address } from '@registrar-panel/contract';
import { BreakableText } from '../../../components/breakable-text';
import { useCountryName } from '../../../lib/countries';
import { visible } from '../../../lib/visible-text';

/** Street lines, postal code and city, state/province and country name, one per line. */
export function AddressLines({ address }: { address: Address }) {
  const countryName = useCountryName();
  const lines = [
    address.street,
    address.street2,
    address.street3,
    [address.postalCode, address.city].filter(Boolean).join(' '),
    address.region,
    countryName(address.countryCode),
  ];
  return (
    <address className="mb-0">
      {lines
        .filter((line): line is string => Boolean(line))
        .map((line, index) => (
          <span key={index} className="d-block">
            {visible(line)}
          </span>
        ))}
    </address>
  );
}

/** An email address as a mailto: link, wrapping after its @ or before a dot on a narrow screen. */
export function EmailLink({ email }: { email: string | undefined }) {
  return email ? (
    <a href={`mailto:${email}`}>
      <BreakableText text={email} />
    </a>
  ) : null;
}

/** A phone number as a tel: link; the dot of the +CC.NUMBER format is left out of the link. */
export function PhoneLink({ phone }: { phone: string | undefined }) {
  return phone ? <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{visible(phone)}</a> : null;
}

export function WebLink({ url }: { url: string | undefined }) {
  return url ? (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {visible(url)}
    </a>
  ) : null;
}
