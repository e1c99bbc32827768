/*
 * Billing months and the timestamps in the CSV files follow the registry's clock: Europe/Brussels.
 * The offset is looked up once per UTC hour (daylight-saving changes happen on whole UTC hours), so
 * formatting a million timestamps costs a cache lookup each, not an Intl call.
 */

const zone = 'Europe/Brussels';
const offsetFormat = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longOffset' });
const hourMs = 3_600_000;
const offsetByHour = new Map<number, number>();

/** Minutes Brussels is ahead of UTC at that moment (60 in winter, 120 in summer). */
export function brusselsOffsetMinutes(at: Date | number): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  const hour = Math.floor(ms / hourMs);
  const cached = offsetByHour.get(hour);
  if (cached !== undefined) return cached;
  const name = offsetFormat.formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  if (offsetByHour.size > 100_000) offsetByHour.clear();
  offsetByHour.set(hour, minutes);
  return minutes;
}

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
