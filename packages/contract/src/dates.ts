import { z } from 'zod';
import type { MessageKey } from './messages';

/*
 * The one rule for a calendar day or an instant taken from outside (query parameters, bodies, the
 * registry feed). Both must lie within 0001-01-01 … 9999-12-31: PostgreSQL has no year 0 (it
 * refuses `0000-01-01`), and `YYYY` has four digits. Every date and instant a schema reads is one
 * of the two fields below, so the bound holds everywhere and the API's description marks them as
 * `format: date` and `format: date-time`.
 */

/** The first and last day the portal takes in, both included. */
export const calendarBounds = { first: '0001-01-01', last: '9999-12-31' } as const;

const firstInstant = Date.parse(`${calendarBounds.first}T00:00:00Z`);
const lastInstant = Date.parse(`${calendarBounds.last}T23:59:59.999Z`);

/** A day as `YYYY-MM-DD`. */
export const calendarDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A day `YYYY-MM-DD` that exists (no 31 February) within `calendarBounds`. */
export function isCalendarDate(value: string): boolean {
  if (!calendarDatePattern.test(value) || value < calendarBounds.first || value > calendarBounds.last) return false;
  // Date.parse reads an ISO day as UTC in any year 0000–9999 and rolls 31 February over: compare back.
  const parsed = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === value;
}

/** An ISO 8601 instant with its offset that falls within `calendarBounds` (in UTC). */
export function isBoundedInstant(value: string): boolean {
  const parsed = Date.parse(value);
  return !Number.isNaN(parsed) && parsed >= firstInstant && parsed <= lastInstant;
}

/** A calendar day field, `YYYY-MM-DD` within `calendarBounds`; anything else is refused with `error`. */
export function calendarDateField(error: MessageKey) {
  // Aborts: a text that is no day is refused once, not again by the field's own rules after it.
  return z.iso.date({ error, abort: true }).refine(isCalendarDate, { error, abort: true });
}

/** An instant field, ISO 8601 with `Z` or an offset, within `calendarBounds`; anything else is refused with `error`. */
export function instantField(error: MessageKey) {
  return z.iso.datetime({ offset: true, error, abort: true }).refine(isBoundedInstant, { error, abort: true });
}
