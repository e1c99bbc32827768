import { z } from 'zod';
import { formatFileTimestamp } from './brussels-time';
import { isBoundedInstant, isCalendarDate } from './dates';
import { domainSearchInputField } from './domains';
import { domainSearchFilterFields, withExpiryRange } from './portfolio';

/*
 * The registrations' past (issue 34): a registrar's portfolio on a date, what changed in it between
 * two dates, and one registration's timeline, all read from the versions the importer keeps. The
 * rules both sides share live here: how a date is given, the kinds of change, the fields a change
 * compares, the page size and the files' names.
 */

const instantWithOffset = z.iso.datetime({ offset: true });

/**
 * A moment of the past as a query gives it: a day `YYYY-MM-DD` (its end in Brussels, after every
 * change of that day: the books closed that evening) or an instant with its offset.
 */
export function historyMomentField() {
  return z
    .string({ error: 'registrationHistory.moment.invalid' })
    .trim()
    .refine((value) => isCalendarDate(value) || (instantWithOffset.safeParse(value).success && isBoundedInstant(value)), {
      error: 'registrationHistory.moment.invalid',
      abort: true,
    });
}

/** The kinds of change between two dates: added (created or transferred in), removed (deleted or transferred away), changed. */
export const registrationHistoryChangeKinds = ['added', 'removed', 'changed'] as const;
export type RegistrationHistoryChangeKind = (typeof registrationHistoryChangeKinds)[number];

/** Why a registration was added or removed. */
export const registrationHistoryCauses = ['created', 'transferredIn', 'deleted', 'transferredAway'] as const;
export type RegistrationHistoryCause = (typeof registrationHistoryCauses)[number];

/** The fields a change compares, as the recorded state names them (contract `registrationChangeFields`). */
export const registrationHistoryComparedFields = ['statuses', 'rgpStatus', 'nameservers', 'delegationSigners', 'registrant', 'expiresAt'] as const;
export type RegistrationHistoryComparedField = (typeof registrationHistoryComparedFields)[number];

export const registrationHistoryLimits = {
  /** Rows a page of the portfolio on a date, of a kind of change, of a timeline. */
  pageSize: 100,
  /** Pages reachable (OFFSET bound); the CSV holds every row. */
  maxPage: 100_000,
} as const;

const pageField = z.coerce
  .number({ error: 'error.badRequest' })
  .int({ error: 'error.badRequest' })
  .min(0, { error: 'error.badRequest' })
  .max(registrationHistoryLimits.maxPage, { error: 'error.badRequest' })
  .default(0);

/**
 * `GET /services/domains/history/portfolio` (and its CSV): the registrations the caller's registrar
 * sponsored at `at`, narrowed by the search's name pattern (`ulabel`, optional: every name) and its
 * filters, each tested against the version valid then.
 */
export const portfolioOnDateQuerySchema = withExpiryRange(
  z.object({ at: historyMomentField(), ulabel: domainSearchInputField.optional(), ...domainSearchFilterFields, page: pageField }),
);
export type PortfolioOnDateQuery = z.input<typeof portfolioOnDateQuerySchema>;
/** Without a page: the count and the CSV. */
export const portfolioOnDateWholeQuerySchema = withExpiryRange(
  z.object({ at: historyMomentField(), ulabel: domainSearchInputField.optional(), ...domainSearchFilterFields }),
);

/** `GET /services/domains/history/changes` (its counts and its CSV): what changed in the portfolio between `from` and `to`. */
const changesShape = {
  from: historyMomentField(),
  to: historyMomentField(),
};
const orderedRange = <T extends z.ZodType<{ from: string; to: string }>>(schema: T): T =>
  schema.refine((q) => momentInstant(q.from) < momentInstant(q.to), { error: 'registrationHistory.range.order', path: ['to'] });
export const portfolioChangesQuerySchema = orderedRange(
  z.object({ ...changesShape, kind: z.enum(registrationHistoryChangeKinds, { error: 'search.filter.invalid' }).default('added'), page: pageField }),
);
export type PortfolioChangesQuery = z.input<typeof portfolioChangesQuerySchema>;
/** The range alone: the counts per kind, and the CSV. */
export const portfolioChangesRangeQuerySchema = orderedRange(z.object(changesShape));

/** `GET /services/domains/:domainName/history`: one registration's versions in the caller's registrar's past. */
export const registrationTimelineQuerySchema = z.object({ page: pageField });

const brusselsOffsetAt = (utcMillis: number): number => {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Brussels', timeZoneName: 'longOffset' }).formatToParts(utcMillis);
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(parts.find((part) => part.type === 'timeZoneName')?.value ?? '');
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
};

/**
 * The instant a moment field names: an instant as given; a day, the last millisecond of it in
 * Brussels (Brussels never changes its offset around midnight, so the offset at UTC midnight is the one at local midnight).
 */
export function momentInstant(value: string): Date {
  if (!isCalendarDate(value)) return new Date(Date.parse(value));
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const nextUtcMidnight = Date.UTC(year, month - 1, day + 1);
  return new Date(nextUtcMidnight - brusselsOffsetAt(nextUtcMidnight) * 60_000 - 1);
}

/** The portfolio's file: `portfolio_{handle}_{YYYYMMDD-HHmmss}.csv`, the time of the download in Brussels. */
export function portfolioOnDateFileName(handle: string, at: Date): string {
  return `portfolio_${handle}_${formatFileTimestamp(at)}.csv`;
}

/** The changes' file: `portfolio-changes_{handle}_{YYYYMMDD-HHmmss}.csv`. */
export function portfolioChangesFileName(handle: string, at: Date): string {
  return `portfolio-changes_${handle}_${formatFileTimestamp(at)}.csv`;
}
