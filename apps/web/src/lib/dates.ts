/*
 * Dates are shown in the registry's time zone, Europe/Brussels, whatever the browser's zone is
 * (spec section 9). Only Intl is used: the zone rules come from the browser's own time-zone data.
 */
const timeZone = 'Europe/Brussels';

/*
 * en-US because its parts are stable across ICU versions: 'Sep' (en-GB now says 'Sept') and an
 * offset such as 'GMT+1' that we turn into the CET/CEST labels ourselves, since short zone names
 * depend on the locale ('GMT+1' in en-US, 'CET' in en-GB).
 */
const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'shortOffset',
});
const monthFormat = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short' });

type DateInput = string | Date | null | undefined;

interface BrusselsParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  zone: 'CET' | 'CEST';
  date: Date;
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function brusselsParts(date: Date): BrusselsParts {
  const parts = Object.fromEntries(partsFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    second: parts.second ?? '',
    // Brussels is UTC+1 in winter (CET) and UTC+2 in summer (CEST).
    zone: parts.timeZoneName === 'GMT+2' ? 'CEST' : 'CET',
    date,
  };
}

/**
 * 'YYYY/MM/dd HH:mm:ss CET' (or CEST) in Brussels time, for billing lines and general data.
 * Returns '' for a missing or unreadable value.
 */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const p = brusselsParts(date);
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second} ${p.zone}`;
}

/**
 * The registration format: day without a leading zero, abbreviated month, year, hours:minutes and
 * zone, e.g. '5 Mar 2025 14:05 CET'. Returns '' for a missing or unreadable value.
 */
export function formatRegistrationDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const p = brusselsParts(date);
  return `${Number(p.day)} ${monthFormat.format(date)} ${p.year} ${p.hour}:${p.minute} ${p.zone}`;
}
