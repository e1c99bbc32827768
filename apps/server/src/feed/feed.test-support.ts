import { domainToASCII } from 'node:url';
import type { Database } from '../db/database';
import { importFeed, type FeedOptions, type FeedSummary } from './importer';
import { feedLinesOf } from './read-lines';
import type { Reject } from './check';

/** Feed lines for tests, written as a registry would write them (plain JSON values). */
export const lines = {
  registrar: (handle: string, extra: Record<string, unknown> = {}) => ({
    type: 'registrar',
    op: 'upsert',
    data: {
      handle,
      ianaId: 4000,
      status: 'ACTIVE',
      createdAt: '2020-01-01T00:00:00Z',
      activatedAt: '2020-02-01T00:00:00Z',
      mainContact: {
        name: 'Main Person',
        organization: `${handle} BV`,
        address: { street: 'Rue Neuve 1', postalCode: '1000', city: 'Brussels', countryCode: 'BE' },
        email: `main@${handle}.example`,
        phone: '+32.21234567',
      },
      publicContact: {
        organization: `${handle} Domains`,
        address: { street: 'Rue Neuve 1', postalCode: '1000', city: 'Brussels', countryCode: 'BE' },
        email: `info@${handle}.example`,
        phone: '+32.21234567',
        url: `https://${handle}.example`,
      },
      techContact: { name: 'Tech Person', phone: '+32.21234568', email: `tech@${handle}.example` },
      adminContact: { name: 'Admin Person', phone: '+32.21234569', email: `admin@${handle}.example` },
      abuseContact: { phone: '+32.21234560', email: `abuse@${handle}.example` },
      ...extra,
    },
  }),
  contact: (handle: string, registrar: string, extra: Record<string, unknown> = {}) => ({
    type: 'contact',
    op: 'upsert',
    data: {
      handle,
      roid: `${handle.toUpperCase()}-REP`,
      registrar,
      name: `Person ${handle}`,
      email: `${handle}@mail.example`,
      phone: '+32.470123456',
      address: { street: 'Meir 1', postalCode: '2000', city: 'Antwerpen', countryCode: 'BE' },
      createdAt: '2021-01-01T00:00:00Z',
      ...extra,
    },
  }),
  domain: (id: number, name: string, registrar: string, registrant: string, extra: Record<string, unknown> = {}) => ({
    type: 'domain',
    op: 'upsert',
    data: {
      id,
      name,
      aLabel: domainToASCII(name),
      registrar,
      registrant,
      createdAt: '2022-03-04T05:06:07Z',
      updatedAt: '2023-03-04T05:06:07Z',
      expiresAt: '2027-03-04T05:06:07Z',
      statuses: [{ status: 'ok' }],
      nameservers: [{ name: 'ns1.host.example', ipAddresses: [] }],
      ...extra,
    },
  }),
  remove: (type: string, key: Record<string, unknown>) => ({ type, op: 'delete', key }),
  transfer: (id: number, domain: number, gaining: string, losing: string, status = 'SERVER_APPROVED') => ({
    type: 'transfer',
    op: 'upsert',
    data: { id, domain, status, gaining, losing, requestedAt: '2024-01-01T00:00:00Z', actedAt: '2024-01-06T00:00:00Z' },
  }),
  billing: (id: number, registrar: string, subject: string) => ({
    type: 'billingEvent',
    op: 'upsert',
    data: { id, registrar, at: '2024-05-01T10:00:00Z', type: 'RENEW', subtype: 'AUTOMATIC', period: 1, subject, svTrid: `BE-${id}` },
  }),
};

/** Numbers lines from `first` on, as the registry's sequence would. */
export function numbered(values: Record<string, unknown>[], first: number): Record<string, unknown>[] {
  return values.map((value, i) => ({ seq: first + i, ...value }));
}

/** Applies lines through the importer (as `npm run feed` does after parsing), collecting the rejects. */
export async function applyLines(database: Database, values: unknown[], options: Partial<FeedOptions> = {}): Promise<FeedSummary & { rejects: Reject[] }> {
  const rejects: Reject[] = [];
  const summary = await importFeed(database, feedLinesOf(values), { tld: 'be', ...options, onReject: (r) => rejects.push(r) });
  return { ...summary, rejects };
}

/** Every registry table, in a stable order, as text: two databases with the same data give the same text. */
export async function registryDump(database: Database): Promise<string> {
  const tables = [
    ['registrars', 'handle'],
    ['epp_ip_addresses', 'registrar_handle, ip'],
    ['contacts', 'handle'],
    ['domains', 'id'],
    ['domain_statuses', 'domain_id, status'],
    ['domain_contacts', 'domain_id, role, contact_handle'],
    ['nameservers', 'domain_id, name'],
    ['delegation_signers', 'domain_id, key_tag, digest_type'],
    ['transfers', 'id'],
    ['billing_events', 'id'],
    ['domain_names', 'domain_id'],
    ['domain_name_token_counts', 'token'],
  ] as const;
  const parts: string[] = [];
  for (const [table, order] of tables) {
    const { rows } = await database.pool.query<{ row: string }>(`SELECT t::text AS row FROM ${table} t ORDER BY ${order}`);
    parts.push(`${table}\n${rows.map((r) => r.row).join('\n')}`);
  }
  return parts.join('\n\n');
}

/**
 * Where search's derived tables differ from a recount from `domains`: names missing, extra or
 * different, token counts off. Empty when they are exact.
 */
export async function searchTableDifferences(database: Database): Promise<string[]> {
  const { rows: names } = await database.pool.query<{ difference: string }>(
    `WITH expected AS (SELECT id AS domain_id, registrar_handle, u_label, a_label, coalesce(transferred_at, created_at) AS sponsored_since FROM domains)
     (SELECT 'missing or different name ' || e::text AS difference FROM expected e EXCEPT SELECT 'missing or different name ' || n::text FROM domain_names n)
     UNION ALL
     (SELECT 'extra or different name ' || n::text FROM domain_names n EXCEPT SELECT 'extra or different name ' || e::text FROM expected e)`,
  );
  const { rows: tokens } = await database.pool.query<{ difference: string }>(
    `WITH expected AS (
       SELECT token, count(*)::int AS names FROM domains, LATERAL (SELECT DISTINCT unnest(domain_name_tokens(registrar_handle, u_label)) AS token) t GROUP BY token)
     SELECT 'token ' || coalesce(e.token, c.token) || ': counted ' || coalesce(c.names, 0) || ', holds ' || coalesce(e.names, 0) AS difference
       FROM expected e FULL JOIN domain_name_token_counts c ON c.token = e.token
      WHERE e.names IS DISTINCT FROM c.names
      LIMIT 20`,
  );
  return [...names, ...tokens].map((r) => r.difference);
}
