import { z } from 'zod';
import type { Country, ServerProperties } from '../../config';
import type { EppIpAddressesResponse, EppPasswordRequiredResponse } from '../../epp';
import { registrarStatuses, type BillingLine, type ProtectedTransactions, type Registrar, type RegistrarResponse } from '../../registrar';
import { exactly } from '../exact';

/* What the registrar's, billing's, EPP's and the portal's own calls answer in `data` (see registrations.ts for why here). */

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });

const address = z.object({
  street: z.string(),
  street2: z.string().optional(),
  street3: z.string().optional(),
  postalCode: z.string(),
  city: z.string(),
  region: z.string().optional(),
  countryCode: z.string().meta({ description: 'ISO 3166-1 alpha-2.' }),
});
const whoisContact = z.object({ name: z.string().optional(), phone: z.string(), email: z.string() });

export const registrarSchema = exactly<Registrar>()(
  z.object({
    handle: z.string(),
    ianaId: z.number().int().nullable(),
    status: z.enum(registrarStatuses),
    createTimestamp: timestamp,
    activationTimestamp: timestamp.nullable(),
    mainContact: z.object({
      name: z.string(),
      organization: z.string(),
      address,
      email: z.string(),
      phone: z.string(),
      mobilePhone: z.string().optional(),
    }),
    publicContact: z.object({ organization: z.string(), address, email: z.string(), phone: z.string(), url: z.string() }),
    techContact: whoisContact,
    adminContact: whoisContact,
    abuseContact: z.object({ phone: z.string(), email: z.string() }),
    version: z.number().int().meta({ description: 'Changes with every saved edit; send it back on save to detect a concurrent edit (409).' }),
  }),
);

export const registrarAnswer = exactly<RegistrarResponse>()(z.object({ registrar: registrarSchema }));

export const protectedTransactionsSchema = exactly<ProtectedTransactions>()(
  z.object({
    threshold: z.number().int(),
    transactionsInPeriod: z.number().int(),
    endDate: timestamp.nullable().meta({ description: 'When the current counting period ends, if a period runs.' }),
    isThresholdReached: z.boolean(),
  }),
);
export const protectedTransactionsAnswer = z.object({ protectedTransactions: protectedTransactionsSchema });

export const billingLineSchema = exactly<BillingLine>()(
  z.object({
    eventTimestamp: timestamp,
    eventType: z.string().meta({ description: 'CREATE, RENEW, TRANSFER, RESTORE or REFUND.' }),
    eventSubtype: z.string(),
    eventPeriod: z.number().int().nullable().meta({ description: 'The registration period in years, when the event has one.' }),
    subject: z.string().meta({ description: 'The domain name.' }),
    svTRID: z.string(),
  }),
);
export const billingLinesAnswer = z.object({ results: z.array(billingLineSchema) });

export const eppIpAddressesAnswer = exactly<EppIpAddressesResponse>()(
  z.object({ ipAddresses: z.array(z.string()).meta({ description: 'The allow-list in canonical form, in its saved order.' }) }),
);
export const eppPasswordRequiredAnswer = exactly<EppPasswordRequiredResponse>()(
  z.object({ value: z.boolean().meta({ description: 'True once an EPP password is set: a change must then give the current one.' }) }),
);

export const serverPropertiesAnswer = exactly<ServerProperties>()(z.object({ properties: z.record(z.string(), z.string()) }));

export const countrySchema = exactly<Country>()(z.object({ iso2: z.string(), name: z.string() }));
export const countriesAnswer = z.object({ results: z.array(countrySchema) });
