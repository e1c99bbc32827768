/*
 * en-US with the numeric offset, because short zone names depend on the locale and ICU version
 * ('CET' in en-GB, 'GMT+1' in en-US); the offset is turned into CET or CEST here.
 */
const format = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Brussels',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'shortOffset',
});

/** `YYYY/MM/dd HH:mm:ss CET` (or CEST) in the Brussels time zone, as the portal shows timestamps (spec section 9). */
export function brusselsTimestamp(at: Date): string {
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  const zone = parts.timeZoneName === 'GMT+2' ? 'CEST' : 'CET';
  return `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${zone}`;
}
