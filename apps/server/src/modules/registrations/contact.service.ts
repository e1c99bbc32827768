import type { RegistryContact } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { findVisibleContact } from './contact.repository';

/** A registry contact the caller's registrar sponsors or uses on one of its domains. */
export async function getContact(db: Db, registrarHandle: string, handle: string): Promise<RegistryContact> {
  const contact = handle.length > 0 && handle.length <= 255 ? await findVisibleContact(db, registrarHandle, handle) : undefined;
  if (!contact) throw notFound();
  return {
    handle: contact.handle,
    roid: contact.roid,
    name: contact.name,
    organization: contact.organization,
    phone: contact.phone,
    fax: contact.fax,
    email: contact.email,
    email_unicode: contact.emailUnicode,
    address: {
      street: contact.street,
      street2: contact.street2,
      street3: contact.street3,
      postalCode: contact.postalCode,
      city: contact.city,
      region: contact.region,
      countryCode: contact.countryCode,
    },
  };
}
