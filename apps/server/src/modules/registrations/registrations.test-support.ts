import { openFirstVersion } from '../registration-history/registration-history.test-support';
import type { LightMyRequestResponse } from 'fastify';
import type { PanelRole } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { contacts, delegationSigners, domainContacts, domainStatuses, domains, nameservers, transfers } from '../../db/schema';
import { call } from '../../test/http';
import type { TestApp } from '../../test/test-app';

type NewContact = typeof contacts.$inferInsert;

/** A registry contact with a full address; override any field. */
export async function createContact(db: Db, overrides: Partial<NewContact> & { handle: string; registrarHandle: string }): Promise<NewContact> {
  const row: NewContact = {
    roid: `${overrides.handle.toUpperCase()}-REP`,
    name: 'Jan Peeters',
    organization: 'Bakkerij Peeters BV',
    phone: '+32.91234567',
    fax: '+32.91234568',
    email: 'jan@bakkerij-peeters.example',
    emailUnicode: null,
    street: 'Veldstraat 12',
    street2: 'bus 3',
    street3: null,
    postalCode: '9000',
    city: 'Gent',
    region: 'Oost-Vlaanderen',
    countryCode: 'BE',
    createdAt: new Date('2020-01-02T10:00:00Z'),
    ...overrides,
  };
  await db.insert(contacts).values(row);
  return row;
}

export interface DomainSpec {
  uLabel: string;
  aLabel?: string;
  registrarHandle: string;
  registrantHandle?: string | null;
  createdAt?: Date;
  updatedAt?: Date;
  expiresAt?: Date | null;
  expectedAvailableAt?: Date | null;
  deletedAt?: Date | null;
  transferredAt?: Date | null;
  stateExpiresAt?: Date | null;
  rgpStatus?: string | null;
  statuses?: { status: string; reason?: string | null }[];
  contacts?: { role: string; handle: string }[];
  nameservers?: { name: string; nameUnicode?: string; ipAddresses?: string[] }[];
  delegationSigners?: { keyTag: number; algorithm: number; digestType: number; digest: string }[];
  transfers?: { status: string; requestedAt: Date; actedAt?: Date | null }[];
}

/** Inserts a domain with everything attached to it; returns its id. */
export async function createDomain(db: Db, spec: DomainSpec): Promise<number> {
  const createdAt = spec.createdAt ?? new Date('2021-05-04T08:15:00Z');
  const [row] = await db
    .insert(domains)
    .values({
      uLabel: spec.uLabel,
      aLabel: spec.aLabel ?? spec.uLabel,
      registrarHandle: spec.registrarHandle,
      registrantHandle: spec.registrantHandle ?? null,
      createdAt,
      updatedAt: spec.updatedAt ?? createdAt,
      expiresAt: spec.expiresAt === undefined ? new Date('2027-05-04T08:15:00Z') : spec.expiresAt,
      expectedAvailableAt: spec.expectedAvailableAt ?? null,
      deletedAt: spec.deletedAt ?? null,
      transferredAt: spec.transferredAt ?? null,
      stateExpiresAt: spec.stateExpiresAt ?? null,
      rgpStatus: spec.rgpStatus ?? null,
    })
    .returning({ id: domains.id });
  const id = row!.id;
  const statuses = spec.statuses ?? [{ status: 'ok' }];
  if (statuses.length > 0) await db.insert(domainStatuses).values(statuses.map((s) => ({ domainId: id, status: s.status, reason: s.reason ?? null })));
  if (spec.contacts?.length) await db.insert(domainContacts).values(spec.contacts.map((c) => ({ domainId: id, role: c.role, contactHandle: c.handle })));
  if (spec.nameservers?.length) {
    await db.insert(nameservers).values(
      spec.nameservers.map((ns, position) => ({
        domainId: id,
        name: ns.name,
        nameUnicode: ns.nameUnicode ?? ns.name,
        ipAddresses: ns.ipAddresses ?? [],
        position,
      })),
    );
  }
  if (spec.delegationSigners?.length) await db.insert(delegationSigners).values(spec.delegationSigners.map((ds) => ({ domainId: id, ...ds })));
  if (spec.transfers?.length) {
    await db.insert(transfers).values(
      spec.transfers.map((tr) => ({
        domainId: id,
        status: tr.status,
        gainingRegistrarHandle: spec.registrarHandle,
        losingRegistrarHandle: 'formerregistrar',
        requestedAt: tr.requestedAt,
        actedAt: tr.actedAt ?? null,
      })),
    );
  }
  await openFirstVersion(db, id, createdAt);
  return id;
}

export interface Caller {
  username: string;
  roles?: PanelRole[];
}

/** A GET through the whole stack; without `as` the call carries no token. */
export async function get(t: TestApp, url: string, as?: Caller): Promise<LightMyRequestResponse> {
  return call(t, { url, ...(as ? { as } : {}) });
}

/** The 404 answer for anything the caller may not see, missing or another registrar's alike. */
export const notFoundBody = { data: null, messages: [{ messageKey: 'error.notFound', defaultMessage: 'The requested item was not found.' }] };
