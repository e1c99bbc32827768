import { dayMonthYear } from './language-formats';
import { defaultLanguage, type Language } from './languages';
import { brusselsTimeZone } from './time-zone';

/*
 * Times are shown in the registry's time zone (time-zone.ts). The one place that turns an instant
 * into Brussels time for display, mails and file names. Only Intl is used: the zone rules come from
 * the runtime's own time-zone data, asked once per UTC hour (below).
 */

/*
 * Brussels' offset from UTC changes only on whole UTC hours (the daylight-saving changes at 01:00
 * UTC), so it is looked up once per UTC hour and the wall clock is plain arithmetic: a page of 100
 * results or a report of a million rows costs a cache lookup per timestamp, not an Intl call. The
 * formatter is built at the first date shown, not when the module loads: the first formatter with a
 * time zone loads the runtime's zone data, tens of milliseconds on a phone, which a page without
 * dates never pays. 'longOffset' reads 'GMT+01:00' in every ICU version ('GMT' at offset 0).
 */
let offsetFormat: Intl.DateTimeFormat | undefined;
const hourMs = 3_600_000;
const offsetByHour = new Map<number, number>();

/** Minutes Brussels is ahead of UTC at that moment (60 in winter, 120 in summer). */
export function brusselsOffsetMinutes(at: Date | number): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  const hour = Math.floor(ms / hourMs);
  const cached = offsetByHour.get(hour);
  if (cached !== undefined) return cached;
  offsetFormat ??= new Intl.DateTimeFormat('en-GB', { timeZone: brusselsTimeZone, timeZoneName: 'longOffset' });
  const name = offsetFormat.formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  // A bound on memory for a long-lived server: 100,000 hours are eleven years of timestamps.
  if (offsetByHour.size > 100_000) offsetByHour.clear();
  offsetByHour.set(hour, minutes);
  return minutes;
}

/** An ISO timestamp or a Date; missing or unreadable values format as ''. */
export type DateInput = string | Date | null | undefined;

/** The wall-clock fields of an instant in Brussels, zero-padded (year 4 digits, the others 2). */
export interface BrusselsParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  zone: 'CET' | 'CEST';
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The Brussels wall-clock fields and zone label of an instant. */
export function brusselsParts(date: Date): BrusselsParts {
  const offset = brusselsOffsetMinutes(date);
  // The instant moved by the offset: its UTC fields are Brussels' wall clock.
  const local = new Date(date.getTime() + offset * 60_000);
  const two = (value: number) => String(value).padStart(2, '0');
  return {
    year: String(local.getUTCFullYear()).padStart(4, '0'),
    month: two(local.getUTCMonth() + 1),
    day: two(local.getUTCDate()),
    hour: two(local.getUTCHours()),
    minute: two(local.getUTCMinutes()),
    second: two(local.getUTCSeconds()),
    // Brussels is UTC+1 in winter (CET) and UTC+2 in summer (CEST).
    zone: offset === 120 ? 'CEST' : 'CET',
  };
}

/**
 * 'YYYY/MM/dd HH:mm:ss CET' (or CEST) in Brussels time, for billing lines, general data and mails.
 * Returns '' for a missing or unreadable value.
 */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const p = brusselsParts(date);
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second} ${p.zone}`;
}

/**
 * The registration format: day without a leading zero, the language's abbreviated month
 * (language-formats.ts), year, hours:minutes and zone, e.g. '5 Mar 2025 14:05 CET',
 * '5. März 2025 14:05 CET'. Returns '' for a missing or unreadable value.
 */
export function formatRegistrationDate(value: DateInput, language: Language = defaultLanguage): string {
  const date = toDate(value);
  if (!date) return '';
  const p = brusselsParts(date);
  return `${dayMonthYear(language, Number(p.day), Number(p.month), p.year)} ${p.hour}:${p.minute} ${p.zone}`;
}

/**
 * The registration format's short form, the day alone: '5 Mar 2025' (no leading zero on the day),
 * the calendar day in Brussels. Returns '' for a missing or unreadable value.
 */
export function formatRegistrationDay(value: DateInput, language: Language = defaultLanguage): string {
  const date = toDate(value);
  if (!date) return '';
  const p = brusselsParts(date);
  return dayMonthYear(language, Number(p.day), Number(p.month), p.year);
}

/** 'YYYYMMDD-HHmmss' in Brussels time, without zone label, for file names. */
export function formatFileTimestamp(at: Date): string {
  const p = brusselsParts(at);
  return `${p.year}${p.month}${p.day}-${p.hour}${p.minute}${p.second}`;
}

/** The year and month (1 to 12) in Brussels at an instant, by default now. */
export function brusselsYearMonth(at: Date = new Date()): { year: number; month: number } {
  const p = brusselsParts(at);
  return { year: Number(p.year), month: Number(p.month) };
}

/** The calendar day in Brussels at an instant, `YYYY-MM-DD`, by default today. */
export function brusselsDay(at: Date = new Date()): string {
  const p = brusselsParts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * A day as a user types it in the portal's date style, 'YYYY/MM/DD' (a pasted 'YYYY-MM-DD' too),
 * as the calendar day the API takes, `YYYY-MM-DD`; anything else is given back as typed, for the
 * schema to refuse. Whether the day exists is the schema's to say.
 */
export function parseDay(text: string): string {
  const day = text.trim();
  return /^\d{4}[/-]\d{2}[/-]\d{2}$/.test(day) ? day.replaceAll('/', '-') : text;
}

/** A calendar day (`YYYY-MM-DD`) in the portal's date style, 'YYYY/MM/dd'; '' for anything else. */
export function formatDay(day: string | null | undefined): string {
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day.replaceAll('-', '/') : '';
}
