import { domainContactRoles, type DomainContactRole, type DomainRegistration, type DomainTransfer } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { dnssecAlgorithm, dsDigestType } from './dnssec-registry';
import { aLabelOf } from './domain-name';
import { findOwnDomain, findOwnDomainInFull, latestTransfer, type DomainRow } from './domain.repository';
import { asRgpStatus, presentStatuses } from './domain-statuses';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

function isContactRole(role: string): role is DomainContactRole {
  return (domainContactRoles as readonly string[]).includes(role);
}

/** The caller's domain by U-label or A-label; 404 alike for a missing name and another registrar's. */
async function ownDomain(db: Db, registrarHandle: string, name: string, tld: string): Promise<DomainRow> {
  const aLabel = aLabelOf(name, tld);
  const domain = aLabel ? await findOwnDomain(db, registrarHandle, aLabel) : undefined;
  if (!domain) throw notFound();
  return domain;
}

/** One registration in full: dates, statuses, registrant and contacts, name servers and keys. */
export async function getDomain(db: Db, registrarHandle: string, name: string, tld: string): Promise<DomainRegistration> {
  const aLabel = aLabelOf(name, tld);
  const found = aLabel ? await findOwnDomainInFull(db, registrarHandle, aLabel) : undefined;
  if (!found) throw notFound();
  const { domain, registrant, statuses, contacts, hosts, signers } = found;
  return {
    uLabel: domain.uLabel,
    aLabel: domain.aLabel,
    created: domain.createdAt.toISOString(),
    updated: domain.updatedAt.toISOString(),
    expired: iso(domain.expiresAt),
    expectedAvailableDate: iso(domain.expectedAvailableAt),
    deletionDate: iso(domain.deletedAt),
    transferred: iso(domain.transferredAt),
    stateExpirationDate: iso(domain.stateExpiresAt),
    rgpStatus: asRgpStatus(domain.rgpStatus),
    statuses: presentStatuses(statuses),
    registrant: domain.registrantHandle,
    registrantSummary: domain.registrantHandle ? { handle: domain.registrantHandle, name: registrant?.name ?? null, email: registrant?.email ?? null } : null,
    contacts: [
      ...(domain.registrantHandle ? [{ role: 'REGISTRANT' as const, handle: domain.registrantHandle }] : []),
      ...contacts.flatMap((c) => (isContactRole(c.role) ? [{ role: c.role, handle: c.handle }] : [])),
    ],
    nameservers: hosts.map((h) => ({ name: h.name, name_unicode: h.nameUnicode, ipAddresses: h.ipAddresses.map((ip) => ({ ip })) })),
    delegationSigners: signers.map((s) => ({
      keyTag: s.keyTag,
      algorithm: dnssecAlgorithm(s.algorithm),
      digestType: dsDigestType(s.digestType),
      digest: s.digest,
    })),
  };
}

/** The latest transfer of the caller's domain; null when it never had one. */
export async function getTransfer(db: Db, registrarHandle: string, name: string, tld: string): Promise<DomainTransfer | null> {
  const domain = await ownDomain(db, registrarHandle, name, tld);
  const transfer = await latestTransfer(db, domain.id);
  if (!transfer) return null;
  return { status: transfer.status, requestedAt: transfer.requestedAt.toISOString(), actedAt: iso(transfer.actedAt) };
}
