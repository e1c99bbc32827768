import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { domains, transfers } from '../../db/schema';

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

/** A JSON array of one domain's child rows, built in the same statement; `[]` when it has none. */
function childRows<T>(fields: string, table: string, order: string) {
  const rows = sql.raw(`json_agg(json_build_object(${fields}) ORDER BY ${order})`);
  return sql<T[]>`(SELECT coalesce(${rows}, '[]') FROM ${sql.raw(table)} c WHERE c.domain_id = ${domains.id})`;
}

/**
 * The registrar's own domain with that A-label, with its statuses, contacts, name servers and DS
 * records, in one statement (one round trip): the registration view is among the most read pages.
 */
const ownDomainInFull = preparedQuery((db) =>
  db
    .select({
      domain: getTableColumns(domains),
      // The registrant's name and email, shown beside its handle.
      registrant: sql<{ name: string | null; email: string | null } | null>`(
        SELECT json_build_object('name', r.name, 'email', r.email) FROM contacts r WHERE r.handle = ${domains.registrantHandle})`,
      statuses: childRows<{ status: string; reason: string | null }>(`'status', c.status, 'reason', c.reason`, 'domain_statuses', 'c.status'),
      contacts: childRows<{ role: string; handle: string }>(`'role', c.role, 'handle', c.contact_handle`, 'domain_contacts', 'c.role, c.contact_handle'),
      hosts: childRows<{ name: string; nameUnicode: string; ipAddresses: string[] }>(
        `'name', c.name, 'nameUnicode', c.name_unicode, 'ipAddresses', c.ip_addresses`,
        'nameservers',
        'c.position',
      ),
      signers: childRows<{ keyTag: number; algorithm: number; digestType: number; digest: string }>(
        `'keyTag', c.key_tag, 'algorithm', c.algorithm, 'digestType', c.digest_type, 'digest', c.digest`,
        'delegation_signers',
        'c.key_tag, c.digest_type',
      ),
    })
    .from(domains)
    .where(and(eq(domains.aLabel, sql.placeholder('aLabel')), eq(domains.registrarHandle, sql.placeholder('registrarHandle'))))
    .limit(1)
    .prepare('own_domain_in_full'),
);

export async function findOwnDomainInFull(db: Db, registrarHandle: string, aLabel: string) {
  const [row] = await ownDomainInFull(db).execute({ registrarHandle, aLabel });
  return row;
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
