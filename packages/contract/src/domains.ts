import { z } from 'zod';
import { instantField } from './dates';
import { limits } from './limits';
import { domainSearchFilterFields, withExpiryRange, type RgpStatus } from './portfolio';

/**
 * Characters a search may hold: what a domain name can hold (letters of any script, digits, combining
 * marks, hyphens, dots) plus the `*` wildcard.
 */
export const domainSearchPattern = /^[\p{L}\p{M}\p{N}.*-]+$/u;

/**
 * The registration search input (spec section 5); `*` is a wildcard. Empty, it gives `emptyKey`:
 * the form's own required check says the spec's 'Please complete this mandatory field.', the
 * server answers `search.domain.name.empty.input` (spec sections 5 and 8).
 */
const searchInputField = (emptyKey: 'validation.required' | 'search.domain.name.empty.input') =>
  z
    .string({ error: emptyKey })
    .trim()
    .min(1, { error: emptyKey, abort: true })
    .max(limits.searchInputMaxLength, { error: 'validation.maxLength', abort: true })
    .regex(domainSearchPattern, { error: 'search.domain.name.invalid' });

/** The search input as the API checks it (`ulabel`). */
export const domainSearchInputField = searchInputField('search.domain.name.empty.input');

/** The search form of the registration search page: the same rules, with the form's required message. */
export const domainSearchFormSchema = z.object({ domainName: searchInputField('validation.required') });
export type DomainSearchForm = z.input<typeof domainSearchFormSchema>;

/**
 * `GET /services/domains/search` query: page is zero-based; the size is bounded by the spec's page
 * size. The portfolio's filters (`domainSearchFilterFields`, all optional) narrow the name's matches;
 * without them the search is the spec's name search.
 */
export const domainSearchQuerySchema = withExpiryRange(
  z.object({
    ulabel: domainSearchInputField,
    // Bounded so that page × size always fits the database's OFFSET.
    page: z.coerce
      .number({ error: 'error.badRequest' })
      .int({ error: 'error.badRequest' })
      .min(0, { error: 'error.badRequest' })
      .max(10_000_000, { error: 'error.badRequest' })
      .default(0),
    size: z.coerce
      .number({ error: 'error.badRequest' })
      .int({ error: 'error.badRequest' })
      .min(1, { error: 'error.badRequest' })
      .max(limits.searchPageSize, { error: 'error.badRequest' })
      .default(limits.searchPageSize),
    /**
     * The moment the first page was served (`data.checkpoint`); later pages pass it back so that
     * registrations created or transferred in meanwhile do not shift the pages.
     */
    checkpoint: instantField('error.badRequest').optional(),
    ...domainSearchFilterFields,
  }),
);
export type DomainSearchQuery = z.input<typeof domainSearchQuerySchema>;

/**
 * `GET /services/domains/search/csv` query: every match of the name and the filters, as CSV (the
 * domain report's columns), with `recordCountHeader` telling how many rows it holds.
 */
export const domainSearchExportQuerySchema = withExpiryRange(z.object({ ulabel: domainSearchInputField, ...domainSearchFilterFields }));
export type DomainSearchExportQuery = z.input<typeof domainSearchExportQuerySchema>;

/** EPP domain statuses (RFC 5731) and the registry's own lifecycle statuses. */
export const domainStatuses = [
  'ok',
  'inactive',
  'clientHold',
  'serverHold',
  'pendingDelete',
  'pendingTransfer',
  'pendingRestore',
  'redemption',
  'available',
  'reserved',
  'ursLocked',
  'ursSuspended',
  'clientDeleteProhibited',
  'clientRenewProhibited',
  'clientTransferProhibited',
  'clientUpdateProhibited',
  'serverDeleteProhibited',
  'serverRenewProhibited',
  'serverTransferProhibited',
  'serverUpdateProhibited',
] as const;
export type DomainStatus = (typeof domainStatuses)[number];

export const transferStatuses = ['CLIENT_APPROVED', 'PENDING', 'SERVER_APPROVED'] as const;
export type TransferStatus = (typeof transferStatuses)[number];

export const domainContactRoles = ['REGISTRANT', 'ADMIN', 'TECH'] as const;
export type DomainContactRole = (typeof domainContactRoles)[number];

export interface DomainStatusEntry {
  status: DomainStatus;
  reason: string | null;
}

/** A registrant as a search result shows it. */
export interface RegistrantSummary {
  handle: string;
  name: string | null;
  email: string | null;
}

/** One row of `GET /services/domains/search` → `data.results`. */
export interface DomainSearchResult {
  uLabel: string;
  aLabel: string;
  created: string;
  expired: string | null;
  rgpStatus: RgpStatus | null;
  statuses: DomainStatusEntry[];
  registrant: RegistrantSummary | null;
}

export interface DomainSearchResponse {
  results: DomainSearchResult[];
  totalResults: number;
  /** Pass back as `checkpoint` for the next pages of the same search. */
  checkpoint: string;
}

export interface Nameserver {
  name: string;
  name_unicode: string;
  ipAddresses: { ip: string }[];
}

export interface IanaEntry {
  id: number;
  description: string;
}

export interface DelegationSigner {
  keyTag: number;
  algorithm: IanaEntry;
  digestType: IanaEntry;
  digest: string;
}

/** `GET /services/domains/{domainName}` → `data.domain`. Timestamps are ISO 8601 in UTC. */
export interface DomainRegistration {
  uLabel: string;
  aLabel: string;
  created: string;
  updated: string;
  expired: string | null;
  expectedAvailableDate: string | null;
  deletionDate: string | null;
  transferred: string | null;
  stateExpirationDate: string | null;
  rgpStatus: RgpStatus | null;
  statuses: DomainStatusEntry[];
  /** The registrant's contact handle. */
  registrant: string | null;
  /** The registrant's handle with its name and email, shown beside the handle; null without a registrant. */
  registrantSummary: RegistrantSummary | null;
  contacts: { role: DomainContactRole; handle: string }[];
  nameservers: Nameserver[];
  delegationSigners: DelegationSigner[];
}

/** `GET /services/transfer/{domainName}` → `data.transfer`: the latest transfer of the domain. */
export interface DomainTransfer {
  /** Usually one of `transferStatuses`; the registry may report others (rejected, cancelled). */
  status: string;
  requestedAt: string;
  actedAt: string | null;
}

export interface ContactAddress {
  street: string | null;
  street2: string | null;
  street3: string | null;
  postalCode: string | null;
  city: string | null;
  region: string | null;
  countryCode: string | null;
}

/** `GET /services/contacts/{handle}` → `data.contact`. */
export interface RegistryContact {
  handle: string;
  roid: string;
  name: string | null;
  organization: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
  email_unicode: string | null;
  address: ContactAddress;
}
