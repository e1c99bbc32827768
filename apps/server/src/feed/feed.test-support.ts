import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { domainToASCII, fileURLToPath } from 'node:url';
import { brusselsDay, labelsOf, lifecycleStatus } from '@registrar-panel/contract';
import type { Database } from '../db/database';
import { facetKey, isIdn, labelBits } from '../db/facets';
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
  /** A successful EPP connection by default; `extra` makes it a refusal (`outcome`, `reason`) or moves it. */
  connection: (id: number, registrar: string, at: Date | string, extra: Record<string, unknown> = {}) => ({
    type: 'eppConnection',
    op: 'upsert',
    data: { id, registrar, at: typeof at === 'string' ? at : at.toISOString(), address: '192.0.2.10', outcome: 'success', ...extra },
  }),
  /** A registry's message about a registration; `registrar: null` with kind `announcement` and no domain is an announcement to all. */
  message: (id: number, registrar: string | null, at: Date | string, extra: Record<string, unknown> = {}) => ({
    type: 'message',
    op: 'upsert',
    data: {
      id,
      registrar,
      at: typeof at === 'string' ? at : at.toISOString(),
      kind: 'domainAutoRenewed',
      domain: 'renewed.be',
      text: 'The registration renewed.be was renewed automatically for one year.',
      ...extra,
    },
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
    ['epp_connection_events', 'id'],
    ['epp_connection_days', 'registrar_handle, day, outcome, fingerprint'],
    ['registry_messages', 'id'],
    ['domain_names', 'domain_id'],
    ['domain_name_token_counts', 'token'],
  ] as const;
  const parts: string[] = [];
  for (const [table, order] of tables) {
    const { rows } = await database.pool.query<{ row: string }>(`SELECT t::text AS row FROM ${table} t ORDER BY ${order}`);
    parts.push(`${table}\n${rows.map((r) => r.row).join('\n')}`);
  }
  // The events the registry's messages raised, in each registrar's order (their ids and times are the run's own).
  const { rows } = await database.pool.query<{ row: string }>(
    `SELECT concat_ws(' ', registrar_handle, seq, data::text) AS row FROM events WHERE kind = 'registry.message' ORDER BY registrar_handle, seq`,
  );
  parts.push(`events\n${rows.map((r) => r.row).join('\n')}`);
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

/**
 * Where the portfolio's facets and counts (migration 0010) differ from a recount from `domains` and
 * `domain_statuses` made in TypeScript with the contract's own rules (`lifecycleStatus`,
 * `labelsOf`, `brusselsDay`): facet rows missing, extra or different, counts off. Empty when exact.
 */
export async function facetDifferences(database: Database): Promise<string[]> {
  const { rows: domains } = await database.pool.query<{
    id: string;
    registrar_handle: string;
    u_label: string;
    a_label: string;
    sponsored_since: Date;
    rgp_status: string | null;
    registrant_handle: string | null;
    created_at: Date;
    expires_at: Date | null;
    statuses: string[];
  }>(
    `SELECT d.id, d.registrar_handle, d.u_label, d.a_label, coalesce(d.transferred_at, d.created_at) AS sponsored_since, d.rgp_status,
            d.registrant_handle, d.created_at, d.expires_at,
            ARRAY(SELECT status FROM domain_statuses s WHERE s.domain_id = d.id) AS statuses
       FROM domains d`,
  );
  const expected = new Map<string, string>();
  const counts = new Map<string, number>();
  const days = new Map<string, number>();
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const d of domains) {
    const lifecycle = lifecycleStatus(d.statuses);
    const labels = labelsOf(d.statuses);
    const idn = isIdn(d.a_label);
    const expiresOn = d.expires_at ? brusselsDay(d.expires_at) : null;
    const row = [
      d.registrar_handle,
      d.u_label,
      d.a_label,
      d.sponsored_since.toISOString(),
      lifecycle,
      labelBits(labels),
      d.rgp_status,
      idn,
      expiresOn,
      d.registrant_handle,
      d.created_at.toISOString(),
      d.expires_at?.toISOString() ?? null,
    ];
    expected.set(d.id, JSON.stringify(row));
    const keys = [facetKey.all, facetKey.lifecycle(lifecycle), facetKey.gracePeriod((d.rgp_status ?? 'NONE') as never), ...labels.map(facetKey.label)];
    if (idn) keys.push(facetKey.idn);
    for (const key of keys) add(counts, `${d.registrar_handle} ${key}`);
    if (expiresOn) add(days, `${d.registrar_handle} ${expiresOn}`);
  }
  const differences: string[] = [];
  const { rows: facets } = await database.pool.query<{ domain_id: string; row: string }>(
    `SELECT domain_id, json_build_array(registrar_handle, u_label, a_label, to_char(sponsored_since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            lifecycle, labels, rgp_status, idn, to_char(expires_on, 'YYYY-MM-DD'), registrant_handle,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text AS row
       FROM domain_facets`,
  );
  const stored = new Map(facets.map((f) => [f.domain_id, JSON.stringify(JSON.parse(f.row))]));
  for (const [id, row] of expected) if (stored.get(id) !== row) differences.push(`facets of ${id}: stored ${stored.get(id) ?? 'none'}, expected ${row}`);
  for (const id of stored.keys()) if (!expected.has(id)) differences.push(`facets of ${id}: stored for a registration that does not exist`);
  const compare = async (what: string, query: string, map: Map<string, number>) => {
    const { rows } = await database.pool.query<{ key: string; n: number }>(query);
    const found = new Map(rows.map((r) => [r.key, r.n]));
    for (const key of new Set([...map.keys(), ...found.keys()])) {
      if (found.get(key) !== map.get(key))
        differences.push(`${what} ${JSON.stringify(key)}: counted ${found.get(key) ?? 'no row'}, holds ${map.get(key) ?? 0}`);
    }
  };
  await compare('facet count', `SELECT registrar_handle || ' ' || facet AS key, registrations AS n FROM registrar_facet_counts`, counts);
  await compare(
    'expiry count',
    `SELECT registrar_handle || ' ' || to_char(expires_on, 'YYYY-MM-DD') AS key, registrations AS n FROM registrar_expiry_counts`,
    days,
  );
  return differences.slice(0, 20);
}

export interface FeedRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs `npm run feed` on a database as a registry runs it. Standard input is a text or a stream of
 * chunks (a line too large to build in memory); `env` adds settings; `watch` may kill the run.
 */
export function feed(
  database: { url: string },
  args: string[],
  options: { stdin?: string | AsyncIterable<string | Buffer>; env?: Record<string, string>; watch?: (kill: () => void) => Promise<void> } = {},
): Promise<FeedRun> {
  // Node itself with tsx's loader, not the tsx command: SIGKILL must reach the process doing the work.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/feed/cli.ts', ...args], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      TLD: 'be',
      DEMO_MODE: 'false',
      ...options.env,
    },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stdin = options.stdin ?? '';
  // A run that ends before reading all its input closes the pipe: that is its answer, not an error.
  if (typeof stdin === 'string') child.stdin.end(stdin);
  else pipeline(stdin, child.stdin).catch(() => undefined);
  const exited = new Promise<FeedRun>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stderr })));
  void options.watch?.(() => child.kill('SIGKILL'));
  return exited;
}

/** Where the EPP connections' daily counts differ from a recount of the events (per Brussels day). Empty when exact. */
export async function connectionDayDifferences(database: Database): Promise<string[]> {
  const { rows } = await database.pool.query<{ difference: string }>(
    `WITH expected AS (
       SELECT registrar_handle, (at AT TIME ZONE 'Europe/Brussels')::date AS day, outcome, coalesce(fingerprint, '') AS fingerprint, count(*) AS count
         FROM epp_connection_events GROUP BY 1, 2, 3, 4)
     SELECT concat_ws(' ', coalesce(e.registrar_handle, d.registrar_handle), coalesce(e.day, d.day), coalesce(e.outcome, d.outcome), e.count, d.count) AS difference
       FROM expected e FULL JOIN epp_connection_days d USING (registrar_handle, day, outcome, fingerprint)
      WHERE e.count IS DISTINCT FROM d.count`,
  );
  return rows.map((r) => r.difference);
}
