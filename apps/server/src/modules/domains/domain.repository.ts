import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { delegationSigners, domainContacts, domainStatuses, domains, nameservers, transfers } from '../../db/schema';

export type DomainRow = typeof domains.$inferSelect;

/** The registrar's own domain with that A-label; another registrar's is not found either. */
export async function findOwnDomain(db: Db, registrarHandle: string, aLabel: string): Promise<DomainRow | undefined> {
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.aLabel, aLabel), eq(domains.registrarHandle, registrarHandle)))
    .limit(1);
  return row;
}

/** Statuses, contacts, name servers and DS records of one domain. */
export async function domainDetails(db: Db, domainId: number) {
  const [statuses, contacts, hosts, signers] = await Promise.all([
    db
      .select({ status: domainStatuses.status, reason: domainStatuses.reason })
      .from(domainStatuses)
      .where(eq(domainStatuses.domainId, domainId))
      .orderBy(asc(domainStatuses.status)),
    db
      .select({ role: domainContacts.role, handle: domainContacts.contactHandle })
      .from(domainContacts)
      .where(eq(domainContacts.domainId, domainId))
      .orderBy(asc(domainContacts.role), asc(domainContacts.contactHandle)),
    db
      .select({ name: nameservers.name, nameUnicode: nameservers.nameUnicode, ipAddresses: nameservers.ipAddresses })
      .from(nameservers)
      .where(eq(nameservers.domainId, domainId))
      .orderBy(asc(nameservers.position)),
    db
      .select({
        keyTag: delegationSigners.keyTag,
        algorithm: delegationSigners.algorithm,
        digestType: delegationSigners.digestType,
        digest: delegationSigners.digest,
      })
      .from(delegationSigners)
      .where(eq(delegationSigners.domainId, domainId))
      .orderBy(asc(delegationSigners.keyTag), asc(delegationSigners.digestType)),
  ]);
  return { statuses, contacts, hosts, signers };
}

/** The latest transfer of the domain, if it ever had one. */
export async function latestTransfer(db: Db, domainId: number) {
  const [row] = await db
    .select({ status: transfers.status, requestedAt: transfers.requestedAt, actedAt: transfers.actedAt })
    .from(transfers)
    .where(eq(transfers.domainId, domainId))
    .orderBy(desc(transfers.requestedAt), desc(transfers.id))
    .limit(1);
  return row;
}
