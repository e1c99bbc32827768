import { brusselsYearMonth } from '@registrar-panel/contract';

/*
 * The billing period picker of spec section 4, as pure functions of "today" (Brussels time, the
 * registry's invoicing clock). Months are indexes 0 (January) to 11; the API gets index + 1.
 */

export interface Today {
  year: number;
  /** 0 to 11. */
  monthIndex: number;
}

/** The current year and month in Brussels. */
export function brusselsToday(now: Date = new Date()): Today {
  const { year, month } = brusselsYearMonth(now);
  return { year, monthIndex: month - 1 };
}

/** The registrar's creation year, in Brussels time. */
export function creationYear(createTimestamp: string): number {
  return brusselsToday(new Date(createTimestamp)).year;
}

/** From the creation year to the current year; just the current year for a registrar "created in the future". */
export function billingYears(created: number, today: Today): number[] {
  const first = Math.min(created, today.year);
  return Array.from({ length: today.year - first + 1 }, (_, i) => first + i);
}

/** The year before the current one, or the creation year when the registrar is younger than that. */
export function defaultBillingYear(created: number, today: Today): number {
  return Math.min(today.year, Math.max(created, today.year - 1));
}

/** All 12 months, or January to the current month when the current year is selected. */
export function billingMonths(year: number, today: Today): number[] {
  const last = year === today.year ? today.monthIndex : 11;
  return Array.from({ length: last + 1 }, (_, i) => i);
}

/** The month selected at first: the current month. */
export function defaultBillingMonth(today: Today): number {
  return today.monthIndex;
}

/** After the year changes, the month stays as chosen unless the new year does not offer it: then January. */
export function monthAfterYearChange(monthIndex: number, year: number, today: Today): number {
  return billingMonths(year, today).includes(monthIndex) ? monthIndex : 0;
}

/** The query both billing calls send. */
export function billingQuery(year: number, monthIndex: number): { year: number; month: number } {
  return { year, month: monthIndex + 1 };
}
