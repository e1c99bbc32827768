import { monthAbbreviations, monthNames, type Language, type PortfolioOverview } from '@registrar-panel/contract';
import { filteredSearchHref } from './search-location';

/*
 * The renewal forecast as the overview shows it: months by their names in the page's language (the
 * contract's tables), and each month's count linked to the search for the registrations expiring in it.
 */

/** The year and month (1 to 12) of a forecast entry's `YYYY-MM` (a full date is read by its first 7 characters). */
function yearMonth(month: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return null;
  const value = { year: Number(match[1]), month: Number(match[2]) };
  return value.month >= 1 && value.month <= 12 ? value : null;
}

/** 'March 2026' for '2026-03' ('maart 2026' in Dutch); anything else as it is. */
export function monthName(month: string, language: Language = 'en'): string {
  const value = yearMonth(month);
  return value ? `${monthNames[language][value.month - 1]} ${value.year}` : month;
}

/**
 * 'Mar' for '2026-03' (the chart's axis), and the year too in January ('Jan 2027') so that the turn
 * of the year shows, unless `withYear` is false (a narrow chart, where it would not fit).
 */
export function shortMonthName(month: string, withYear = true, language: Language = 'en'): string {
  const value = yearMonth(month);
  if (!value) return month;
  const short = monthAbbreviations[language][value.month - 1] ?? '';
  return value.month === 1 && withYear ? `${short} ${value.year}` : short;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The expiry range of a forecast month, as days in Brussels: the whole month, or from `today` on when
 * `today` falls in it (the forecast counts the current month from today on).
 */
export function monthRange(month: string, today: string): { expiresFrom: string; expiresTo: string } | null {
  const value = yearMonth(month);
  if (!value) return null;
  const last = new Date(Date.UTC(value.year, value.month, 0)).getUTCDate();
  const first = `${value.year}-${pad(value.month)}-01`;
  const end = `${value.year}-${pad(value.month)}-${pad(last)}`;
  return { expiresFrom: today > first && today <= end ? today : first, expiresTo: end };
}

/** The search listing the registrations a forecast month counts. */
export function forecastMonthHref(month: string, today: string): string | null {
  const range = monthRange(month, today);
  return range ? filteredSearchHref(range) : null;
}

/** The day the overview was counted on, in Brussels: the first day the "expiring soon" ranges start from. */
export function overviewToday(overview: Pick<PortfolioOverview, 'expiringSoon'>): string {
  return overview.expiringSoon[0]?.from ?? '';
}
