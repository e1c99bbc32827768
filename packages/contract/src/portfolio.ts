import { z } from 'zod';
import { formatFileTimestamp } from './brussels-time';
import { calendarDateField } from './dates';

/*
 * What a registrar's portfolio is counted and filtered by: the lifecycle status and the
 * labels of spec section 4 (the rules moved here from the web so that the server's counts, its
 * filters and the web's badges are one rule), the grace period state, IDNs and the expiry date.
 */

/** Registry grace period states (RFC 3915), in the order the registration view lists them. */
export const rgpStatuses = [
  'ADD_PERIOD',
  'RENEW_PERIOD',
  'AUTO_RENEW_PERIOD',
  'TRANSFER_PERIOD',
  'REDEMPTION_PERIOD',
  'PENDING_RESTORE',
  'PENDING_DELETE',
] as const;
export type RgpStatus = (typeof rgpStatuses)[number];

/** Lifecycle statuses in the order that decides which one is active (spec section 4). */
export const lifecycleOrder = [
  'available',
  'reserved',
  'ok',
  'inactive',
  'pendingTransfer',
  'redemption',
  'pendingDelete',
  'pendingRestore',
  'ursLocked',
  'ursSuspended',
] as const;
export type LifecycleStatus = (typeof lifecycleOrder)[number];

const holds = ['clientHold', 'serverHold'];
const hasAny = (statuses: readonly string[], wanted: readonly string[]) => wanted.some((s) => statuses.includes(s));

/**
 * The first lifecycle status found in `lifecycleOrder`. A hold turns available, reserved and ok into
 * inactive; with no lifecycle status at all, a hold gives inactive and anything else available.
 */
export function lifecycleStatus(statuses: readonly string[]): LifecycleStatus {
  const found = lifecycleOrder.find((status) => statuses.includes(status));
  const held = hasAny(statuses, holds);
  if (found === undefined) return held ? 'inactive' : 'available';
  if (held && (found === 'available' || found === 'reserved' || found === 'ok')) return 'inactive';
  return found;
}

export const registrationLabels = [
  'REGISTERED',
  'PENDING_TRANSFER',
  'INACTIVE',
  'DOMAINGUARD',
  'TRANSFER_LOCK',
  'UPDATE_LOCK',
  'DELETE_LOCK',
  'RENEW_LOCK',
  'URS_LOCKED',
  'URS_SUSPENDED',
] as const;
export type RegistrationLabel = (typeof registrationLabels)[number];

/** Lifecycle statuses of a name that is registered and not on its way out. */
const registeredStatuses: readonly LifecycleStatus[] = ['ok', 'inactive', 'pendingTransfer', 'ursLocked', 'ursSuspended'];

const locks = [
  { label: 'TRANSFER_LOCK', action: 'Transfer' },
  { label: 'UPDATE_LOCK', action: 'Update' },
  { label: 'DELETE_LOCK', action: 'Delete' },
  { label: 'RENEW_LOCK', action: 'Renew' },
] as const;
const domainGuardStatuses = ['serverTransferProhibited', 'serverUpdateProhibited', 'serverDeleteProhibited'];

/**
 * The labels of a registration, in display order. Locks come from the client or server prohibited
 * flags; ursLocked hides the transfer, update and delete locks, ursSuspended hides the renew lock
 * too. The three server locks transfer, update and delete together show as one DOMAINGUARD label
 * (hidden like the locks it stands for).
 */
export function labelsOf(statuses: readonly string[]): RegistrationLabel[] {
  const labels: RegistrationLabel[] = [];
  const lifecycle = lifecycleStatus(statuses);
  const ursLocked = statuses.includes('ursLocked');
  const ursSuspended = statuses.includes('ursSuspended');
  const hidden = (action: string) => ursSuspended || (ursLocked && action !== 'Renew');
  const domainGuard = domainGuardStatuses.every((s) => statuses.includes(s));

  if (registeredStatuses.includes(lifecycle)) labels.push('REGISTERED');
  if (statuses.includes('pendingTransfer')) labels.push('PENDING_TRANSFER');
  if (hasAny(statuses, ['inactive', ...holds])) labels.push('INACTIVE');
  if (domainGuard && !hidden('Transfer')) labels.push('DOMAINGUARD');
  for (const { label, action } of locks) {
    if (hidden(action)) continue;
    const client = statuses.includes(`client${action}Prohibited`);
    const server = statuses.includes(`server${action}Prohibited`) && !(domainGuard && action !== 'Renew');
    if (client || server) labels.push(label);
  }
  if (ursLocked) labels.push('URS_LOCKED');
  if (ursSuspended) labels.push('URS_SUSPENDED');
  return labels;
}

/** A registration outside any grace period is counted and filtered as `NONE`. */
export const gracePeriodFilterValues = [...rgpStatuses, 'NONE'] as const;
export type GracePeriodFilter = (typeof gracePeriodFilterValues)[number];

const isoDate = calendarDateField('search.filter.date.invalid');

/**
 * The optional filters of 'Search registrations', besides the name. The same names are the query
 * parameters of the web page's address and of the API (`GET /services/domains/search`, its CSV),
 * so a shared link runs the same filtered search. Expiry dates are days in Brussels, both ends included.
 */
export const domainSearchFilterFields = {
  status: z.enum(lifecycleOrder, { error: 'search.filter.invalid' }).optional(),
  label: z.enum(registrationLabels, { error: 'search.filter.invalid' }).optional(),
  rgp: z.enum(gracePeriodFilterValues, { error: 'search.filter.invalid' }).optional(),
  idn: z.enum(['true'], { error: 'search.filter.invalid' }).optional(),
  expiresFrom: isoDate.optional(),
  expiresTo: isoDate.optional(),
  registrant: z.string().trim().min(1, { error: 'search.filter.invalid' }).max(64, { error: 'validation.maxLength' }).optional(),
};

/** The expiry range's one rule, for every schema that holds the filters: its end is not before its start. */
export function withExpiryRange<T extends z.ZodType<{ expiresFrom?: string | undefined; expiresTo?: string | undefined }>>(schema: T): T {
  return schema.refine((f) => f.expiresFrom === undefined || f.expiresTo === undefined || f.expiresFrom <= f.expiresTo, {
    error: 'search.filter.expiryRange',
    path: ['expiresTo'],
  });
}

export const domainSearchFiltersSchema = withExpiryRange(z.object(domainSearchFilterFields));
export type DomainSearchFilters = z.output<typeof domainSearchFiltersSchema>;
export const domainSearchFilterNames = [
  'status',
  'label',
  'rgp',
  'idn',
  'expiresFrom',
  'expiresTo',
  'registrant',
] as const satisfies readonly (keyof DomainSearchFilters)[];

/** Days ahead the overview's "Expiring soon" counts. */
export const expiringSoonDays = [30, 60, 90] as const;
/** Months the renewal forecast covers, the current month (Brussels) first. */
export const forecastMonths = 12;
/** From this share of the threshold, the overview and the Transactions tab warn about protected transactions. */
export const protectedTransactionsWarningShare = 0.8;

/** The search export's file: `registrations_{handle}_{YYYYMMDD-HHmmss}.csv`, the time of the download in Brussels. */
export function searchExportFileName(handle: string, at: Date): string {
  return `registrations_${handle}_${formatFileTimestamp(at)}.csv`;
}

/** The renewal forecast's file: `renewal_forecast_{handle}_{YYYYMMDD-HHmmss}.csv`, Brussels time. */
export function forecastFileName(handle: string, at: Date): string {
  return `renewal_forecast_${handle}_${formatFileTimestamp(at)}.csv`;
}
