import type { Db } from '../db/database';
import { registrars } from '../db/schema';

type NewRegistrar = typeof registrars.$inferInsert;

/** Inserts a registrar with complete, valid contacts; override any field. */
export async function createRegistrar(db: Db, overrides: Partial<NewRegistrar> = {}): Promise<NewRegistrar> {
  const handle = overrides.handle ?? `reg${Math.random().toString(36).slice(2, 8)}`;
  const address = { street: 'Main Street 1', postalCode: '1000', city: 'Brussels', countryCode: 'BE' };
  const row: NewRegistrar = {
    handle,
    ianaId: 1000 + Math.floor(Math.random() * 8000),
    status: 'ACTIVE',
    createdAt: new Date('2019-03-01T09:00:00Z'),
    activatedAt: new Date('2019-03-15T10:30:00Z'),
    mainContact: {
      name: 'Main Person',
      organization: `${handle} BV`,
      address,
      email: `main@${handle}.example`,
      phone: '+32.21234567',
      mobilePhone: '+32.470123456',
    },
    publicContact: { organization: `${handle} BV`, address, email: `info@${handle}.example`, phone: '+32.21234567', url: `https://${handle}.example` },
    techContact: { name: 'Tech Person', email: `tech@${handle}.example`, phone: '+32.21234568' },
    adminContact: { name: 'Admin Person', email: `admin@${handle}.example`, phone: '+32.21234569' },
    abuseContact: { email: `abuse@${handle}.example`, phone: '+32.21234570' },
    ...overrides,
  };
  await db.insert(registrars).values(row);
  return row;
}
