import { dayMonthYear } from './language-formats';
import { defaultLanguage, type Language } from './languages';

/*
 * Times are shown in the registry's time zone, Europe/Brussels, whatever the zone of the browser
 * or the server is (spec section 9). The one place that turns an instant into Brussels time for
 * display, mails and file names. Only Intl is used: the zone rules come from the runtime's own
 * time-zone data. (The server's CSV report keeps its own offset cache in
 * modules/registrar/brussels-time.ts: it formats millions of rows and Intl is too slow there.)
 */
export const brusselsTimeZone = 'Europe/Brussels';

/*
 * en-US because its parts are stable across ICU versions: 'Sep' (en-GB now says 'Sept') and an
 * offset such as 'GMT+1' that we turn into the CET/CEST labels ourselves, since short zone names
 * depend on the locale ('GMT+1' in en-US, 'CET' in en-GB). Built at the first date shown, not when
 * the module loads: the first formatter with a time zone loads the runtime's zone data, tens of
 * milliseconds on a phone, which a page without dates never pays.
 */
let partsFormat: Intl.DateTimeFormat | undefined;
const brusselsFormat = () =>
  (partsFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: brusselsTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'shortOffset',
  }));

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
  const parts = Object.fromEntries(
    brusselsFormat()
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    second: parts.second ?? '',
    // Brussels is UTC+1 in winter (CET) and UTC+2 in summer (CEST).
    zone: parts.timeZoneName === 'GMT+2' ? 'CEST' : 'CET',
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
