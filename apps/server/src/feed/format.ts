import { z } from 'zod';
import {
  billingEventTypes,
  canonicalIpAddress,
  eppConnectionOutcomes,
  eppRefusalReasons,
  domainStatuses,
  emailPattern,
  isBoundedInstant,
  limits,
  phonePattern,
  registrarStatuses,
  registryMessageKinds,
  registryMessageLimits,
  rgpStatuses,
  transferStatuses,
  usernamePattern,
  visibleText,
} from '@registrar-panel/contract';

/*
 * The registry data feed: one JSON object a line (NDJSON), each with its sequence
 * number, entity type and operation. docs/registry-feed.md explains it to a registry's engineer;
 * feed/format-doc.test.ts checks that the document names exactly what this file accepts.
 */

/** Instants are ISO 8601 with a zone (`Z` or an offset), within the contract's years 0001 to 9999 as the API's are. */
const instant = z.iso
  .datetime({ offset: true })
  .refine(isBoundedInstant, 'an instant from the year 0001 to 9999')
  .transform((value) => new Date(value));
const optionalInstant = instant.nullable().optional().default(null);
const handle = z.string().min(1).max(limits.usernameMaxLength).regex(usernamePattern, 'letters, digits, - and _ only');
/** A contact handle as EPP (RFC 5733) allows: 3 to 16 characters, no spaces. */
const contactHandle = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{2,15}$/, 'an EPP contact handle of 3 to 16 characters');
const text = (max: number = limits.contactTextMaxLength) => z.string().trim().min(1).max(max);
const optionalText = (max: number = limits.contactTextMaxLength) => z.string().trim().max(max).nullable().optional().default(null);
const phone = z.string().regex(phonePattern, 'a phone number like +32.21234567');
const email = z.string().max(limits.contactTextMaxLength).regex(emailPattern, 'an email address');
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166 two-letter code');
/** Sequence numbers and keys are whole numbers JavaScript and PostgreSQL's bigint both hold exactly. */
const positive = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const address = z.object({
  street: text(),
  street2: text().optional(),
  street3: text().optional(),
  postalCode: text(limits.postalCodeMaxLength),
  city: text(),
  region: text().optional(),
  countryCode,
});

/** The registrar contacts that the portal edits too (see `portalOwnedFields`). */
const publicContact = z.object({ organization: text(), address, email, phone, url: z.url({ protocol: /^https?$/ }) });
const whoisContact = z.object({ name: text().optional(), phone, email });
const abuseContact = z.object({ phone, email });

export const registrarData = z.object({
  handle,
  ianaId: z.number().int().positive().nullable().optional().default(null),
  status: z.enum(registrarStatuses),
  createdAt: instant,
  activatedAt: optionalInstant,
  mainContact: z.object({ name: text(), organization: text(), address, email, phone, mobilePhone: phone.optional() }),
  publicContact,
  techContact: whoisContact,
  adminContact: whoisContact,
  abuseContact,
  /** Addresses the registry's EPP server accepts from this registrar; portal-owned like the contacts. */
  eppIpAddresses: z
    .array(z.union([z.ipv4(), z.ipv6()]))
    .max(limits.maxIpAddressesIcannSla)
    .optional(),
  /** The last outgoing portal change (its `seq`) the registry had applied when it wrote this line. */
  portalSeq: z.number().int().nonnegative().optional().default(0),
});

/** The fields a registrar's ADMIN also changes in the portal; each travels back as a portal change. */
export const portalOwnedFields = ['publicContact', 'techContact', 'adminContact', 'abuseContact', 'eppIpAddresses'] as const;
export type PortalOwnedField = (typeof portalOwnedFields)[number];

export const protectedTransactionsData = z.object({
  registrar: handle,
  threshold: z.number().int().nonnegative(),
  count: z.number().int().nonnegative(),
  periodEnd: optionalInstant,
});

export const contactData = z.object({
  handle: contactHandle,
  roid: z.string().min(1).max(89),
  registrar: handle,
  name: optionalText(),
  organization: optionalText(),
  phone: phone.nullable().optional().default(null),
  fax: phone.nullable().optional().default(null),
  email: email.nullable().optional().default(null),
  /** The address in Unicode when `email` is its ASCII form (EAI). */
  emailUnicode: z.string().max(limits.contactTextMaxLength).nullable().optional().default(null),
  address: z
    .object({
      street: optionalText(),
      street2: optionalText(),
      street3: optionalText(),
      postalCode: optionalText(limits.postalCodeMaxLength),
      city: optionalText(),
      region: optionalText(),
      countryCode: countryCode.nullable().optional().default(null),
    })
    .nullable()
    .optional()
    .default(null),
  createdAt: instant,
});

/** Transfer outcomes the registry reports: the spec's three and the refusals that leave the domain where it was. */
export const feedTransferStatuses = [...transferStatuses, 'CLIENT_REJECTED', 'CLIENT_CANCELLED', 'SERVER_CANCELLED'] as const;

const dnsName = z.string().min(1).max(253);

/** A registration's statuses: every EPP status but `available` and `reserved`, which describe names that are not registered. */
export const registrationStatuses = domainStatuses.filter((status) => status !== 'available' && status !== 'reserved') as [
  (typeof domainStatuses)[number],
  ...(typeof domainStatuses)[number][],
];

export const domainData = z.object({
  /** The registry's number for the registration (its repository object): never reused, kept across renames and transfers. */
  id: positive,
  /** The name in Unicode (U-label form); `aLabel` must be its IDNA 2008 ASCII form. */
  name: dnsName,
  aLabel: dnsName,
  registrar: handle,
  registrant: contactHandle,
  createdAt: instant,
  updatedAt: instant,
  expiresAt: optionalInstant,
  expectedAvailableAt: optionalInstant,
  deletedAt: optionalInstant,
  transferredAt: optionalInstant,
  stateExpiresAt: optionalInstant,
  rgpStatus: z.enum(rgpStatuses).nullable().optional().default(null),
  statuses: z
    .array(z.object({ status: z.enum(registrationStatuses), reason: optionalText() }))
    .max(32)
    .default([]),
  contacts: z
    .array(z.object({ role: z.enum(['ADMIN', 'TECH']), handle: contactHandle }))
    .max(16)
    .default([]),
  nameservers: z
    .array(
      z.object({
        name: dnsName,
        nameUnicode: dnsName.optional(),
        ipAddresses: z
          .array(z.union([z.ipv4(), z.ipv6()]))
          .max(16)
          .default([]),
      }),
    )
    .max(13)
    .default([]),
  delegationSigners: z
    .array(
      z.object({
        keyTag: z.number().int().min(0).max(65535),
        algorithm: z.number().int().min(0).max(255),
        digestType: z.number().int().min(0).max(255),
        digest: z.string().regex(/^[0-9A-Fa-f]{2,256}$/, 'hexadecimal'),
      }),
    )
    .max(16)
    .default([]),
});

export const transferData = z.object({
  id: positive,
  domain: positive,
  status: z.enum(feedTransferStatuses),
  gaining: handle,
  losing: handle,
  requestedAt: instant,
  actedAt: optionalInstant,
});

const billingTypes = Object.keys(billingEventTypes) as [keyof typeof billingEventTypes, ...(keyof typeof billingEventTypes)[]];
export const billingEventData = z
  .object({
    id: positive,
    registrar: handle,
    at: instant,
    type: z.enum(billingTypes),
    subtype: z.string(),
    period: z.number().int().min(1).max(10).nullable().optional().default(null),
    /** The domain name billed for, as the registrar saw it then (U-label). */
    subject: dnsName,
    svTrid: z.string().min(1).max(64),
  })
  .refine((e) => (billingEventTypes[e.type] as readonly string[]).includes(e.subtype), {
    path: ['subtype'],
    message: 'not a subtype of this type',
  });

/**
 * One connection to the registry's EPP server: a log line, never changed once written (an event's
 * id and time are its identity; sending it again changes nothing). `reason` is there exactly when
 * the connection was refused; `fingerprint` is the SHA-256 of the client certificate presented.
 */
export const eppConnectionData = z
  .object({
    id: positive,
    at: instant,
    registrar: handle,
    address: z.string().refine((value) => canonicalIpAddress(value) === value, 'an IPv4 or IPv6 address in canonical form (RFC 5952 for IPv6)'),
    outcome: z.enum(eppConnectionOutcomes),
    reason: z.enum(eppRefusalReasons).nullable().optional().default(null),
    fingerprint: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'a SHA-256 fingerprint in lower-case hexadecimal')
      .nullable()
      .optional()
      .default(null),
  })
  .refine((e) => (e.outcome === 'refused') === (e.reason !== null), {
    path: ['reason'],
    message: 'required when the connection was refused, absent when it succeeded',
  });

/**
 * A message of the registry to one registrar, or to all (`registrar` null: an announcement only).
 * Written once: a message already stored is not changed by sending it again; the registry removes
 * one with a delete. Its text is plain text of one paragraph: a control or bidi character refuses
 * the line (the contract's `visible-text.ts` list), so none ever reaches a screen.
 */
export const messageData = z
  .object({
    id: positive,
    at: instant,
    kind: z.enum(registryMessageKinds),
    registrar: handle.nullable().optional().default(null),
    /** The registration concerned, in Unicode (U-label form); none for an announcement. */
    domain: dnsName.nullable().optional().default(null),
    text: z
      .string()
      .trim()
      .min(1)
      .max(registryMessageLimits.textMaxLength)
      .refine((value) => visibleText(value) === value, 'plain text: no control character (line breaks included) and no bidirectional control'),
  })
  .refine((m) => m.kind === 'announcement' || m.registrar !== null, { path: ['registrar'], message: 'required but for an announcement to all' })
  .refine((m) => (m.kind === 'announcement') === (m.domain === null), {
    path: ['domain'],
    message: 'required for a message about a registration, absent for an announcement',
  });

/** Per entity type: the schema of an upsert's `data`, and the key a delete names. */
export const entities = {
  registrar: { data: registrarData, key: z.object({ handle }), deletable: false },
  protectedTransactions: { data: protectedTransactionsData, key: z.object({ registrar: handle }), deletable: false },
  contact: { data: contactData, key: z.object({ handle: contactHandle }), deletable: true },
  domain: { data: domainData, key: z.object({ id: positive }), deletable: true },
  transfer: { data: transferData, key: z.object({ id: positive }), deletable: true },
  billingEvent: { data: billingEventData, key: z.object({ id: positive }), deletable: true },
  eppConnection: { data: eppConnectionData, key: z.object({ id: positive }), deletable: false },
  message: { data: messageData, key: z.object({ id: positive }), deletable: true },
} as const;
export type EntityType = keyof typeof entities;
export const entityTypes = Object.keys(entities) as EntityType[];

/** A snapshot is framed by these two lines; what it does not list is deleted when `end` applies. */
export const snapshotMarkers = ['begin', 'end'] as const;

export const lineEnvelope = z.object({
  seq: positive,
  type: z.enum(['snapshot', ...entityTypes]),
  op: z.enum(['upsert', 'delete', ...snapshotMarkers]),
  data: z.unknown().optional(),
  key: z.unknown().optional(),
});

export type RegistrarData = z.output<typeof registrarData>;
export type ProtectedTransactionsData = z.output<typeof protectedTransactionsData>;
export type ContactData = z.output<typeof contactData>;
export type DomainData = z.output<typeof domainData>;
export type TransferData = z.output<typeof transferData>;
export type BillingEventData = z.output<typeof billingEventData>;
export type EppConnectionData = z.output<typeof eppConnectionData>;
export type MessageData = z.output<typeof messageData>;

interface DataOf {
  registrar: RegistrarData;
  protectedTransactions: ProtectedTransactionsData;
  contact: ContactData;
  domain: DomainData;
  transfer: TransferData;
  billingEvent: BillingEventData;
  eppConnection: EppConnectionData;
  message: MessageData;
}

/** Registrars are never deleted (their status says DELETED); counters belong to a registrar; connection events leave by retention. */
type DeletableType = Exclude<EntityType, 'registrar' | 'protectedTransactions' | 'eppConnection'>;

/** A checked change: an upsert carries the whole entity, a delete its key. */
export type FeedChange =
  | { [T in EntityType]: { seq: number; type: T; op: 'upsert'; data: DataOf[T] } }[EntityType]
  | { [T in DeletableType]: { seq: number; type: T; op: 'delete'; key: string } }[DeletableType]
  | { seq: number; type: 'snapshot'; op: 'begin' | 'end' };

/** What a line becomes when it reaches the importer: a change, or the reason it was refused. */
export type ParsedLine = { line: number; change: FeedChange } | { line: number; seq: number | null; error: string };

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`)
    .join('; ');
}

/** The key of an entity as one string (handles and numbers alike), for collapsing a batch by key. */
export function keyOf(change: Extract<FeedChange, { op: 'upsert' }>): string {
  switch (change.type) {
    case 'registrar':
    case 'contact':
      return change.data.handle;
    case 'protectedTransactions':
      return change.data.registrar;
    default:
      return String(change.data.id);
  }
}

const deleteHint: Partial<Record<EntityType, string>> = {
  registrar: ': send status DELETED',
  eppConnection: ': connection events leave when they pass retention',
};

/**
 * Checks one line's shape: the envelope, then the entity's schema. Relations (does the registrar
 * exist, is the name free) are checked against the database and the batch by feed/check.ts.
 */
export function parseChange(value: unknown, line: number): ParsedLine {
  const envelope = lineEnvelope.safeParse(value);
  if (!envelope.success) {
    const seq = typeof value === 'object' && value !== null && 'seq' in value && typeof value.seq === 'number' ? value.seq : null;
    return { line, seq, error: describe(envelope.error) };
  }
  const { seq, type, op } = envelope.data;
  if (type === 'snapshot') {
    if (op !== 'begin' && op !== 'end') return { line, seq, error: 'a snapshot line is either op "begin" or op "end"' };
    return { line, change: { seq, type, op } };
  }
  const entity = entities[type];
  if (op === 'begin' || op === 'end') return { line, seq, error: `op "${op}" belongs to type "snapshot"` };
  if (op === 'delete') {
    if (!entity.deletable) return { line, seq, error: `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type} is never deleted${deleteHint[type] ?? ''}` };
    const key = entity.key.safeParse(envelope.data.key);
    if (!key.success) return { line, seq, error: `key: ${describe(key.error)}` };
    return { line, change: { seq, type, op, key: String(Object.values(key.data)[0]) } as FeedChange };
  }
  const data = entity.data.safeParse(envelope.data.data);
  if (!data.success) return { line, seq, error: `data: ${describe(data.error)}` };
  return { line, change: { seq, type, op, data: data.data } as FeedChange };
}
