import { z } from 'zod';
import { formatFileTimestamp } from './brussels-time';
import { limits } from './limits';
import { emailField, optionalText, phoneField, requiredText, urlField } from './validation';

export const registrarStatuses = ['INITIAL', 'ACTIVE', 'BLOCKED', 'SUSPENDED', 'DELETED'] as const;
export type RegistrarStatus = (typeof registrarStatuses)[number];

const text = limits.contactTextMaxLength;

/** Public contact form and `PUT /services/registrar` (spec section 5). */
export const publicContactSchema = z.object({
  organization: requiredText(text),
  email: emailField(),
  phone: phoneField,
  url: urlField,
  address: z.object({
    street: requiredText(text),
    street2: optionalText(text),
    street3: optionalText(text),
    postalCode: requiredText(limits.postalCodeMaxLength),
    city: requiredText(text),
    region: optionalText(text),
    countryCode: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .regex(/^[A-Z]{2}$/, { error: 'validation.countryCode' }),
  }),
  /** The registrar version the edit started from. */
  version: z.number().int().optional(),
});
export type PublicContactInput = z.input<typeof publicContactSchema>;

export const whoisContactTypes = ['TECH', 'ADMIN', 'ABUSE'] as const;
export type WhoisContactType = (typeof whoisContactTypes)[number];

/** WHOIS contact form and `POST /services/registrar/whoisContact`; the abuse form has no name. */
export const whoisContactSchema = z.object({
  name: optionalText(text),
  email: emailField(),
  phone: phoneField,
  type: z.enum(whoisContactTypes, { error: 'validation.unknown' }),
  version: z.number().int().optional(),
});
export type WhoisContactInput = z.input<typeof whoisContactSchema>;

/**
 * The billing event types and subtypes the registry reports (its data feed accepts only these). The
 * web translates each pair as `billing_event_type.{type}.{subtype}` in lower case.
 */
export const billingEventTypes = {
  CREATE: ['REGISTRATION'],
  RENEW: ['AUTOMATIC', 'EXPLICIT'],
  TRANSFER: ['INBOUND'],
  RESTORE: ['REDEMPTION'],
  REFUND: ['AUTO_RENEW_GRACE'],
} as const;
export type BillingEventType = keyof typeof billingEventTypes;

/** A whole number in [min, max] from a query string; any failure gives the one message `key`. */
function wholeNumberIn(min: number, max: number, key: 'validation.billingYear' | 'validation.billingMonth') {
  return z.coerce.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key });
}

/** Query of both billing-line calls: a calendar month (Brussels time), `month` from 1 to 12. */
export const billingPeriodSchema = z.object({
  year: wholeNumberIn(1970, 9999, 'validation.billingYear'),
  month: wholeNumberIn(1, 12, 'validation.billingMonth'),
});
export type BillingPeriod = z.output<typeof billingPeriodSchema>;

/** `{year}{month}-{handle}-billingLines.csv`, the month zero-padded so that files sort by period. */
export function billingCsvFileName(handle: string, period: BillingPeriod): string {
  return `${period.year}${String(period.month).padStart(2, '0')}-${handle}-billingLines.csv`;
}

/** `domain_names_{handle}_{YYYYMMDD-HHmmss}.csv`, the time of the download in Brussels. */
export function domainReportFileName(handle: string, at: Date): string {
  return `domain_names_${handle}_${formatFileTimestamp(at)}.csv`;
}

/** Response header of the domain report: how many rows the file will hold, for a progress bar. */
export const recordCountHeader = 'x-record-count';
