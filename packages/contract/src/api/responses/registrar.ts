import { z } from 'zod';
import { languages } from '../../languages';
import { registrarStatuses } from '../../registrar';

/*
 * What the registrar's, billing's, EPP's and the portal's own calls answer in `data` (see
 * registrations.ts for why here). Each schema is the one home of its shape; the main entry
 * re-exports the types with `export type`.
 */

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });

const addressSchema = z.object({
  street: z.string(),
  street2: z.string().optional(),
  street3: z.string().optional(),
  postalCode: z.string(),
  city: z.string(),
  region: z.string().optional(),
  countryCode: z.string().meta({ description: 'ISO 3166-1 alpha-2.' }),
});
export type Address = z.output<typeof addressSchema>;

const mainContactSchema = z.object({
  name: z.string(),
  organization: z.string(),
  address: addressSchema,
  email: z.string(),
  phone: z.string(),
  mobilePhone: z.string().optional(),
});
export type MainContact = z.output<typeof mainContactSchema>;

const publicContactAnswerSchema = z.object({ organization: z.string(), address: addressSchema, email: z.string(), phone: z.string(), url: z.string() });
export type PublicContact = z.output<typeof publicContactAnswerSchema>;

const whoisContactAnswerSchema = z.object({ name: z.string().optional(), phone: z.string(), email: z.string() });
export type WhoisContact = z.output<typeof whoisContactAnswerSchema>;

const abuseContactSchema = z.object({ phone: z.string(), email: z.string() });
export type AbuseContact = z.output<typeof abuseContactSchema>;

export const registrarSchema = z.object({
  handle: z.string(),
  ianaId: z.number().int().nullable(),
  status: z.enum(registrarStatuses),
  createTimestamp: timestamp,
  activationTimestamp: timestamp.nullable(),
  mainContact: mainContactSchema,
  publicContact: publicContactAnswerSchema,
  techContact: whoisContactAnswerSchema,
  adminContact: whoisContactAnswerSchema,
  abuseContact: abuseContactSchema,
  language: z
    .enum(languages)
    .meta({
      description:
        "The language of the portal's mails to the registrar's contacts that are no users (its technical contact's notices): `en`, `nl`, `fr` or `de`.",
    }),
  /** Changes with every saved edit; sent back on save to detect concurrent edits. */
  version: z.number().int().meta({ description: 'Changes with every saved edit; send it back on save to detect a concurrent edit (409).' }),
});
export type Registrar = z.output<typeof registrarSchema>;

/** `GET /services/registrar` → `data`. */
export const registrarAnswer = z.object({ registrar: registrarSchema });
export type RegistrarResponse = z.output<typeof registrarAnswer>;

/** `GET /services/registrar/thresholds/protectedTransactions` → `data.protectedTransactions`. */
export const protectedTransactionsSchema = z.object({
  threshold: z.number().int(),
  transactionsInPeriod: z.number().int(),
  /** When the current counting period ends (ISO 8601), if a period runs. */
  endDate: timestamp.nullable().meta({ description: 'When the current counting period ends, if a period runs.' }),
  /** True when the threshold is above 0 and the count has reached it. */
  isThresholdReached: z.boolean(),
});
export type ProtectedTransactions = z.output<typeof protectedTransactionsSchema>;
export const protectedTransactionsAnswer = z.object({ protectedTransactions: protectedTransactionsSchema });

/** One billable event; `GET /services/registrar/finance/billingLines` → `data.results`. */
export const billingLineSchema = z.object({
  eventTimestamp: timestamp,
  eventType: z.string().meta({ description: 'CREATE, RENEW, TRANSFER, RESTORE or REFUND.' }),
  eventSubtype: z.string(),
  eventPeriod: z.number().int().nullable().meta({ description: 'The registration period in years, when the event has one.' }),
  subject: z.string().meta({ description: 'The domain name.' }),
  svTRID: z.string(),
});
export type BillingLine = z.output<typeof billingLineSchema>;
export const billingLinesAnswer = z.object({ results: z.array(billingLineSchema) });

/** `GET` and `PUT /services/registrar/epp/ip`: the allow-list in canonical form, in its saved order. */
export const eppIpAddressesAnswer = z.object({
  ipAddresses: z.array(z.string()).meta({ description: 'The allow-list in canonical form, in its saved order.' }),
});
export type EppIpAddressesResponse = z.output<typeof eppIpAddressesAnswer>;
/** `GET /services/registrar/epp/password/required`: true once an EPP password is set. */
export const eppPasswordRequiredAnswer = z.object({
  value: z.boolean().meta({ description: 'True once an EPP password is set: a change must then give the current one.' }),
});
export type EppPasswordRequiredResponse = z.output<typeof eppPasswordRequiredAnswer>;

/** `GET /services/config` → `data.properties`. */
export const serverPropertiesAnswer = z.object({ properties: z.record(z.string(), z.string()) });
export type ServerProperties = z.output<typeof serverPropertiesAnswer>;

export const countrySchema = z.object({ iso2: z.string(), name: z.string() });
export type Country = z.output<typeof countrySchema>;
export const countriesAnswer = z.object({ results: z.array(countrySchema) });
