import type { PoolClient } from 'pg';
import { deferFacets, refreshDeferredFacets } from '../db/facets';
import { bulkColumns } from './bulk-rows';
import { insertEppConnections } from './epp-connections';
import { deleteMessages, insertMessages } from './registry-messages';
import type { AcceptedChange } from './check';
import {
  portalOwnedFields,
  type BillingEventData,
  type ContactData,
  type DomainData,
  type EppConnectionData,
  type MessageData,
  type PortalOwnedField,
  type RegistrarData,
  type TransferData,
} from './format';

/*
 * Applies a checked batch with a handful of set-based statements, inside the caller's transaction.
 * Within a batch only the last change of each key counts (an upsert carries the whole entity, so
 * the last one is the state the sequence leads to); the statements then run in an order that keeps
 * every reference valid: registrars, contacts, deleted registrations, registrations, transfers,
 * billing events, deleted contacts. The portfolio's facets follow once per batch, not per statement:
 * the triggers only note the registrations touched, refreshed together at the end.
 */

type Latest = Map<string, AcceptedChange['change']>;

function latestByKey(changes: AcceptedChange[]): Record<AcceptedChange['change']['type'], Latest> {
  const out: Record<AcceptedChange['change']['type'], Latest> = {
    registrar: new Map(),
    protectedTransactions: new Map(),
    contact: new Map(),
    domain: new Map(),
    transfer: new Map(),
    billingEvent: new Map(),
    eppConnection: new Map(),
    message: new Map(),
  };
  for (const { change } of changes) {
    const key =
      change.op === 'delete'
        ? change.key
        : change.type === 'registrar' || change.type === 'contact'
          ? change.data.handle
          : change.type === 'protectedTransactions'
            ? change.data.registrar
            : String(change.data.id);
    const map: Latest = out[change.type];
    map.delete(key); // re-inserted last, so the map keeps sequence order
    map.set(key, change);
  }
  return out;
}

type MessageRun = { op: 'upsert'; data: MessageData[] } | { op: 'delete'; keys: string[] };

/** The batch's message lines as runs of the same operation, in sequence order. */
function messageRuns(changes: AcceptedChange[]): MessageRun[] {
  const runs: MessageRun[] = [];
  for (const { change } of changes) {
    if (change.type !== 'message') continue;
    const last = runs.at(-1);
    if (change.op === 'delete') {
      if (last?.op === 'delete') last.keys.push(change.key);
      else runs.push({ op: 'delete', keys: [change.key] });
    } else if (last?.op === 'upsert') last.data.push(change.data);
    else runs.push({ op: 'upsert', data: [change.data] });
  }
  return runs;
}

function upserts<T>(latest: Latest): T[] {
  return [...latest.values()].filter((c) => c.op === 'upsert').map((c) => (c as unknown as { data: T }).data);
}

function deletes(latest: Latest): string[] {
  return [...latest.values()].filter((c) => c.op === 'delete').map((c) => (c as { key: string }).key);
}

/** The portal-owned fields of a registrar the portal changed after the registry last saw its changes. */
async function fieldsChangedInPortal(client: PoolClient, handle: string, seen: number): Promise<Set<PortalOwnedField>> {
  const rows = await client.query<{ field: PortalOwnedField }>('SELECT DISTINCT field FROM portal_changes WHERE registrar_handle = $1 AND seq > $2', [
    handle,
    seen,
  ]);
  return new Set(rows.rows.map((r) => r.field));
}

export interface ApplySummary {
  /** Portal-owned registrar fields left as the portal set them, because the registry had not seen that change yet. */
  keptPortalChanges: { registrar: string; fields: PortalOwnedField[] }[];
}

async function applyRegistrar(client: PoolClient, data: RegistrarData, summary: ApplySummary): Promise<void> {
  const changedInPortal = await fieldsChangedInPortal(client, data.handle, data.portalSeq);
  const kept = portalOwnedFields.filter((field) => changedInPortal.has(field) && data[field] !== undefined);
  if (kept.length > 0) summary.keptPortalChanges.push({ registrar: data.handle, fields: kept });
  const take = (field: PortalOwnedField) => !kept.includes(field);
  // New registrars take every field; an existing one keeps the contacts its staff changed since. The
  // version moves when a contact changes, so a form opened before answers 409 instead of overwriting.
  await client.query(
    `INSERT INTO registrars AS r (handle, iana_id, status, created_at, activated_at, main_contact, public_contact, tech_contact, admin_contact, abuse_contact)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (handle) DO UPDATE SET
       iana_id = excluded.iana_id, status = excluded.status, created_at = excluded.created_at, activated_at = excluded.activated_at,
       main_contact = excluded.main_contact,
       public_contact = CASE WHEN $11 THEN excluded.public_contact ELSE r.public_contact END,
       tech_contact = CASE WHEN $12 THEN excluded.tech_contact ELSE r.tech_contact END,
       admin_contact = CASE WHEN $13 THEN excluded.admin_contact ELSE r.admin_contact END,
       abuse_contact = CASE WHEN $14 THEN excluded.abuse_contact ELSE r.abuse_contact END,
       version = r.version + CASE WHEN
         ($11 AND r.public_contact IS DISTINCT FROM excluded.public_contact) OR ($12 AND r.tech_contact IS DISTINCT FROM excluded.tech_contact) OR
         ($13 AND r.admin_contact IS DISTINCT FROM excluded.admin_contact) OR ($14 AND r.abuse_contact IS DISTINCT FROM excluded.abuse_contact) OR
         r.main_contact IS DISTINCT FROM excluded.main_contact THEN 1 ELSE 0 END
     WHERE (r.iana_id, r.status, r.created_at, r.activated_at, r.main_contact, r.public_contact, r.tech_contact, r.admin_contact, r.abuse_contact)
           IS DISTINCT FROM (excluded.iana_id, excluded.status, excluded.created_at, excluded.activated_at, excluded.main_contact,
                             CASE WHEN $11 THEN excluded.public_contact ELSE r.public_contact END, CASE WHEN $12 THEN excluded.tech_contact ELSE r.tech_contact END,
                             CASE WHEN $13 THEN excluded.admin_contact ELSE r.admin_contact END, CASE WHEN $14 THEN excluded.abuse_contact ELSE r.abuse_contact END)`,
    [
      data.handle,
      data.ianaId,
      data.status,
      data.createdAt,
      data.activatedAt,
      JSON.stringify(data.mainContact),
      JSON.stringify(data.publicContact),
      JSON.stringify(data.techContact),
      JSON.stringify(data.adminContact),
      JSON.stringify(data.abuseContact),
      take('publicContact'),
      take('techContact'),
      take('adminContact'),
      take('abuseContact'),
    ],
  );
  if (data.eppIpAddresses !== undefined && take('eppIpAddresses')) {
    await client.query('DELETE FROM epp_ip_addresses WHERE registrar_handle = $1', [data.handle]);
    await client.query(
      `INSERT INTO epp_ip_addresses (registrar_handle, ip, position) SELECT $1, ip, position - 1 FROM unnest($2::text[]) WITH ORDINALITY AS a(ip, position)
       ON CONFLICT DO NOTHING`,
      [data.handle, data.eppIpAddresses],
    );
  }
}

const json = (value: unknown) => JSON.stringify(value);

async function upsertContacts(client: PoolClient, contacts: ContactData[]): Promise<void> {
  if (contacts.length === 0) return;
  const rows = contacts.map((c) => ({
    handle: c.handle,
    roid: c.roid,
    registrar_handle: c.registrar,
    name: c.name,
    organization: c.organization,
    phone: c.phone,
    fax: c.fax,
    email: c.email,
    email_unicode: c.emailUnicode,
    street: c.address?.street ?? null,
    street2: c.address?.street2 ?? null,
    street3: c.address?.street3 ?? null,
    postal_code: c.address?.postalCode ?? null,
    city: c.address?.city ?? null,
    region: c.address?.region ?? null,
    country_code: c.address?.countryCode ?? null,
    created_at: c.createdAt,
  }));
  const columns = Object.keys(rows[0]!);
  await client.query(
    `INSERT INTO contacts AS c (${columns.join(', ')})
     SELECT ${columns.join(', ')} FROM json_populate_recordset(NULL::contacts, $1::json) ORDER BY handle
     ON CONFLICT (handle) DO UPDATE SET ${columns
       .filter((c) => c !== 'handle')
       .map((c) => `${c} = excluded.${c}`)
       .join(', ')}
     WHERE (${columns.map((c) => `c.${c}`).join(', ')}) IS DISTINCT FROM (${columns.map((c) => `excluded.${c}`).join(', ')})`,
    [json(rows)],
  );
}

/** The columns of a registration's own row, as the bulk path copies them. */
const domainColumns = bulkColumns.domains;

async function upsertDomains(client: PoolClient, domains: DomainData[]): Promise<void> {
  if (domains.length === 0) return;
  const ids = domains.map((d) => d.id);
  // A name may move between two registrations of one batch (a swap through a third name): the
  // unique index checks each row as it is written, so those registrations let go of their old
  // names first. Rare; usually this finds nothing.
  await client.query(
    `UPDATE domains d SET u_label = '~' || d.id, a_label = '~' || d.id
      FROM json_to_recordset($1::json) AS n(id bigint, a_label text)
     WHERE d.a_label = n.a_label AND d.id <> n.id AND d.id = ANY($2::bigint[])`,
    [json(domains.map((d) => ({ id: d.id, a_label: d.aLabel }))), ids],
  );
  const rows = domains.map((d) => ({
    id: d.id,
    u_label: d.name,
    a_label: d.aLabel,
    registrar_handle: d.registrar,
    registrant_handle: d.registrant,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
    expires_at: d.expiresAt,
    expected_available_at: d.expectedAvailableAt,
    deleted_at: d.deletedAt,
    transferred_at: d.transferredAt,
    state_expires_at: d.stateExpiresAt,
    rgp_status: d.rgpStatus,
  }));
  const set = domainColumns.filter((c) => c !== 'id');
  await client.query(
    `INSERT INTO domains AS d (${domainColumns.join(', ')}) OVERRIDING SYSTEM VALUE
     SELECT ${domainColumns.join(', ')} FROM json_populate_recordset(NULL::domains, $1::json) ORDER BY id
     ON CONFLICT (id) DO UPDATE SET ${set.map((c) => `${c} = excluded.${c}`).join(', ')}
     WHERE (${set.map((c) => `d.${c}`).join(', ')}) IS DISTINCT FROM (${set.map((c) => `excluded.${c}`).join(', ')})`,
    [json(rows)],
  );
  // What hangs off a registration is replaced as a whole (the line carries all of it), writing only
  // the rows that differ: most changes touch one list or none, and unchanged rows cost nothing.
  const children = [
    {
      table: 'domain_statuses',
      key: ['domain_id', 'status'],
      rows: domains.flatMap((d) => d.statuses.map((s) => ({ domain_id: d.id, status: s.status, reason: s.reason }))),
    },
    {
      table: 'domain_contacts',
      key: ['domain_id', 'role', 'contact_handle'],
      rows: domains.flatMap((d) => d.contacts.map((c) => ({ domain_id: d.id, role: c.role, contact_handle: c.handle }))),
    },
    {
      table: 'nameservers',
      key: ['domain_id', 'name'],
      rows: domains.flatMap((d) =>
        d.nameservers.map((n, position) => ({ domain_id: d.id, name: n.name, name_unicode: n.nameUnicode ?? n.name, ip_addresses: n.ipAddresses, position })),
      ),
    },
    {
      table: 'delegation_signers',
      key: ['domain_id', 'key_tag', 'digest_type'],
      rows: domains.flatMap((d) =>
        d.delegationSigners.map((s) => ({
          domain_id: d.id,
          key_tag: s.keyTag,
          algorithm: s.algorithm,
          digest_type: s.digestType,
          digest: s.digest.toUpperCase(),
        })),
      ),
    },
  ];
  for (const { table, key, rows: childRows } of children) {
    const columns = Object.keys(childRows[0] ?? Object.fromEntries(key.map((k) => [k, null])));
    const others = columns.filter((c) => !key.includes(c));
    const same = (a: string, b: string) => key.map((k) => `${a}.${k} = ${b}.${k}`).join(' AND ');
    await client.query(
      `DELETE FROM ${table} c WHERE c.domain_id = ANY($1::bigint[])
         AND NOT EXISTS (SELECT 1 FROM json_populate_recordset(NULL::${table}, $2::json) n WHERE ${same('n', 'c')})`,
      [ids, json(childRows)],
    );
    if (childRows.length === 0) continue;
    await client.query(
      `INSERT INTO ${table} AS c (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM json_populate_recordset(NULL::${table}, $1::json)
       ON CONFLICT (${key.join(', ')}) DO ${
         others.length === 0
           ? 'NOTHING'
           : `UPDATE SET ${others.map((c) => `${c} = excluded.${c}`).join(', ')}
              WHERE (${others.map((c) => `c.${c}`).join(', ')}) IS DISTINCT FROM (${others.map((c) => `excluded.${c}`).join(', ')})`
       }`,
      [json(childRows)],
    );
  }
}

/** Moves an identity sequence past ids the registry gave, so rows the portal itself might add never collide. */
async function advanceSequence(client: PoolClient, table: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await client.query(
    `SELECT setval(pg_get_serial_sequence($1, 'id'), $2) WHERE $2 > (SELECT last_value FROM pg_sequences WHERE schemaname = 'public' AND sequencename = $1 || '_id_seq')`,
    [table, Math.max(...ids)],
  );
}

/**
 * Deletes and upserts rows keyed by the registry's own `id` (transfers, billing events), keeping
 * the table's identity sequence past those ids. `keep` filters the new rows (alias `n`).
 */
async function replaceById(
  client: PoolClient,
  table: string,
  deleted: string[],
  rows: ({ id: number } & Record<string, unknown>)[],
  keep = 'TRUE',
): Promise<void> {
  if (deleted.length > 0) await client.query(`DELETE FROM ${table} WHERE id = ANY($1::bigint[])`, [deleted]);
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const set = columns.filter((c) => c !== 'id');
  await client.query(
    `INSERT INTO ${table} (${columns.join(', ')}) OVERRIDING SYSTEM VALUE
     SELECT ${columns.join(', ')} FROM json_populate_recordset(NULL::${table}, $1::json) n WHERE ${keep}
     ON CONFLICT (id) DO UPDATE SET ${set.map((c) => `${c} = excluded.${c}`).join(', ')}`,
    [json(rows)],
  );
  await advanceSequence(
    client,
    table,
    rows.map((r) => r.id),
  );
}

/**
 * `since`: connection events and messages older than these are not stored (past retention); none
 * when not given, for callers that carry neither (a bulk snapshot refuses them).
 */
/** The instants before which log-like lines are not stored (past retention). */
export interface RetainedSince {
  eppEvents: Date;
  messages: Date;
}

export async function applyBatch(client: PoolClient, changes: AcceptedChange[], since?: RetainedSince): Promise<ApplySummary> {
  const summary: ApplySummary = { keptPortalChanges: [] };
  const latest = latestByKey(changes);
  await deferFacets(client);
  for (const data of upserts<RegistrarData>(latest.registrar)) await applyRegistrar(client, data, summary);
  await upsertContacts(client, upserts<ContactData>(latest.contact));

  const deletedDomains = deletes(latest.domain);
  if (deletedDomains.length > 0) await client.query('DELETE FROM domains WHERE id = ANY($1::bigint[])', [deletedDomains]);
  const domains = upserts<DomainData>(latest.domain);
  await upsertDomains(client, domains);
  await advanceSequence(
    client,
    'domains',
    domains.map((d) => d.id),
  );

  const transfers = upserts<TransferData>(latest.transfer);
  await replaceById(
    client,
    'transfers',
    deletes(latest.transfer),
    transfers.map((t) => ({
      id: t.id,
      domain_id: t.domain,
      status: t.status,
      gaining_registrar_handle: t.gaining,
      losing_registrar_handle: t.losing,
      requested_at: t.requestedAt,
      acted_at: t.actedAt,
    })),
    // A transfer of a registration deleted later in the batch went with it, as it would line by line.
    'EXISTS (SELECT 1 FROM domains d WHERE d.id = n.domain_id)',
  );
  await replaceById(
    client,
    'billing_events',
    deletes(latest.billingEvent),
    upserts<BillingEventData>(latest.billingEvent).map((e) => ({
      id: e.id,
      registrar_handle: e.registrar,
      event_at: e.at,
      event_type: e.type,
      event_subtype: e.subtype,
      period: e.period,
      subject: e.subject,
      sv_trid: e.svTrid,
    })),
  );

  const events = upserts<EppConnectionData>(latest.eppConnection);
  if (events.length > 0) {
    if (!since) throw new Error('EPP connection events need the retention cut-off');
    await insertEppConnections(client, events, since.eppEvents);
  }
  // Messages in the batch's order, not collapsed by id: a message sent and removed in one batch was
  // still stored (and its event raised) in between, as line by line, whatever the batch's size.
  for (const run of messageRuns(changes)) {
    if (run.op === 'delete') await deleteMessages(client, run.keys);
    else if (!since) throw new Error('messages need the retention cut-off');
    else await insertMessages(client, run.data, since.messages);
  }

  const deletedContacts = deletes(latest.contact);
  if (deletedContacts.length > 0) await client.query('DELETE FROM contacts WHERE handle = ANY($1::text[])', [deletedContacts]);

  for (const data of upserts<{ registrar: string; threshold: number; count: number; periodEnd: Date | null }>(latest.protectedTransactions)) {
    await client.query('UPDATE registrars SET protected_tx_threshold = $2, protected_tx_count = $3, protected_tx_period_end = $4 WHERE handle = $1', [
      data.registrar,
      data.threshold,
      data.count,
      data.periodEnd,
    ]);
  }
  await refreshDeferredFacets(client);
  return summary;
}
