import { brusselsOffsetMinutes } from '@registrar-panel/contract';

/*
 * Billing months and the timestamps in the CSV files follow the registry's clock: Europe/Brussels.
 * The offset comes from the contract's cache of one lookup per UTC hour, so formatting a million
 * timestamps costs a cache lookup each, not an Intl call.
 */

export { brusselsOffsetMinutes };

/** ISO 8601 in Brussels local time with its offset, e.g. `2024-02-01T00:30:00+01:00`. */
export function isoInBrussels(at: Date): string {
  const offset = brusselsOffsetMinutes(at);
  const local = new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The moment a calendar month starts in Brussels (midnight on the 1st); `month` is 1 to 12, 13 is January of the next year. */
export function brusselsMonthStart(year: number, month: number): Date {
  const utcMidnight = Date.UTC(year, month - 1, 1);
  // Brussels never changes its offset around midnight, so the offset at UTC midnight is the one at local midnight.
  return new Date(utcMidnight - brusselsOffsetMinutes(utcMidnight) * 60_000);
}
