import { z } from 'zod';
import { instantField } from './dates';
import { limits } from './limits';
import { domainSearchFilterFields, withExpiryRange } from './portfolio';

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
