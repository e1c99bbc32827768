import type { BillingEventData, ContactData, DomainData, TransferData } from './format';

/*
 * A snapshot into an empty database goes in with COPY: rows in PostgreSQL's CSV format, where an
 * unquoted empty field is NULL and every text is quoted. Column lists name the columns in the order
 * the rows give them.
 */

type Field = string | number | Date | null | undefined | readonly string[];

function field(value: Field): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  const text = typeof value === 'string' ? value : `{${value.map((item) => `"${item.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
  return text.includes('"') ? `"${text.replace(/"/g, '""')}"` : `"${text}"`;
}

function row(fields: readonly Field[]): string {
  return `${fields.map(field).join(',')}\n`;
}

export const bulkColumns = {
  contacts: [
    'handle',
    'roid',
    'registrar_handle',
    'name',
    'organization',
    'phone',
    'fax',
    'email',
    'email_unicode',
    'street',
    'street2',
    'street3',
    'postal_code',
    'city',
    'region',
    'country_code',
    'created_at',
  ],
  domains: [
    'id',
    'u_label',
    'a_label',
    'registrar_handle',
    'registrant_handle',
    'created_at',
    'updated_at',
    'expires_at',
    'expected_available_at',
    'deleted_at',
    'transferred_at',
    'state_expires_at',
    'rgp_status',
  ],
  domain_statuses: ['domain_id', 'status', 'reason'],
  domain_contacts: ['domain_id', 'role', 'contact_handle'],
  nameservers: ['domain_id', 'name', 'name_unicode', 'ip_addresses', 'position'],
  delegation_signers: ['domain_id', 'key_tag', 'algorithm', 'digest_type', 'digest'],
  transfers: ['id', 'domain_id', 'status', 'gaining_registrar_handle', 'losing_registrar_handle', 'requested_at', 'acted_at'],
  billing_events: ['id', 'registrar_handle', 'event_at', 'event_type', 'event_subtype', 'period', 'subject', 'sv_trid'],
} as const;
export type BulkTable = keyof typeof bulkColumns;
export const bulkTables = Object.keys(bulkColumns) as BulkTable[];

export type CsvChunks = Record<BulkTable, string[]>;

export function emptyChunks(): CsvChunks {
  return Object.fromEntries(bulkTables.map((table) => [table, []])) as unknown as CsvChunks;
}

export function addContact(out: CsvChunks, c: ContactData): void {
  const a = c.address;
  out.contacts.push(
    row([
      c.handle,
      c.roid,
      c.registrar,
      c.name,
      c.organization,
      c.phone,
      c.fax,
      c.email,
      c.emailUnicode,
      a?.street,
      a?.street2,
      a?.street3,
      a?.postalCode,
      a?.city,
      a?.region,
      a?.countryCode,
      c.createdAt,
    ]),
  );
}

export function addDomain(out: CsvChunks, d: DomainData): void {
  out.domains.push(
    row([
      d.id,
      d.name,
      d.aLabel,
      d.registrar,
      d.registrant,
      d.createdAt,
      d.updatedAt,
      d.expiresAt,
      d.expectedAvailableAt,
      d.deletedAt,
      d.transferredAt,
      d.stateExpiresAt,
      d.rgpStatus,
    ]),
  );
  for (const s of d.statuses) out.domain_statuses.push(row([d.id, s.status, s.reason]));
  for (const c of d.contacts) out.domain_contacts.push(row([d.id, c.role, c.handle]));
  d.nameservers.forEach((ns, position) => out.nameservers.push(row([d.id, ns.name, ns.nameUnicode ?? ns.name, ns.ipAddresses, position])));
  for (const ds of d.delegationSigners) out.delegation_signers.push(row([d.id, ds.keyTag, ds.algorithm, ds.digestType, ds.digest.toUpperCase()]));
}

export function addTransfer(out: CsvChunks, t: TransferData): void {
  out.transfers.push(row([t.id, t.domain, t.status, t.gaining, t.losing, t.requestedAt, t.actedAt]));
}

export function addBillingEvent(out: CsvChunks, e: BillingEventData): void {
  out.billing_events.push(row([e.id, e.registrar, e.at, e.type, e.subtype, e.period, e.subject, e.svTrid]));
}
