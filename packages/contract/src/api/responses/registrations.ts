import { z } from 'zod';
import {
  domainContactRoles,
  domainStatuses,
  type DomainRegistration,
  type DomainSearchResponse,
  type DomainSearchResult,
  type DomainTransfer,
  type RegistryContact,
} from '../../domains';
import { expiringSoonDays, gracePeriodFilterValues, lifecycleOrder, registrationLabels, rgpStatuses, type PortfolioOverview } from '../../portfolio';
import { exactly } from '../exact';

/*
 * What the registrations' calls answer in `data`, as zod schemas for the OpenAPI document. Kept out
 * of domains.ts and portfolio.ts: the web imports those, and never needs to parse its own answers.
 */

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });
const day = z.string().meta({ description: 'A day in Brussels, `YYYY-MM-DD`.' });

const statusEntry = z.object({ status: z.enum(domainStatuses), reason: z.string().nullable() });
const registrantSummary = z.object({ handle: z.string(), name: z.string().nullable(), email: z.string().nullable() });

export const domainSearchResultSchema = exactly<DomainSearchResult>()(
  z.object({
    uLabel: z.string().meta({ description: 'The name in Unicode (U-label).' }),
    aLabel: z.string().meta({ description: 'The name in ASCII (A-label, `xn--` for an IDN).' }),
    created: timestamp,
    expired: timestamp.nullable(),
    rgpStatus: z.enum(rgpStatuses).nullable(),
    statuses: z.array(statusEntry),
    registrant: registrantSummary.nullable(),
  }),
);

export const domainSearchResponseSchema = exactly<DomainSearchResponse>()(
  z.object({
    results: z.array(domainSearchResultSchema),
    totalResults: z.number().int(),
    checkpoint: timestamp.meta({ description: 'Pass it back as `checkpoint` for the next pages of the same search, so that they stay stable.' }),
  }),
);

const ianaEntry = z.object({ id: z.number().int(), description: z.string() });

export const domainRegistrationSchema = exactly<DomainRegistration>()(
  z.object({
    uLabel: z.string(),
    aLabel: z.string(),
    created: timestamp,
    updated: timestamp,
    expired: timestamp.nullable(),
    expectedAvailableDate: timestamp.nullable(),
    deletionDate: timestamp.nullable(),
    transferred: timestamp.nullable(),
    stateExpirationDate: timestamp.nullable(),
    rgpStatus: z.enum(rgpStatuses).nullable(),
    statuses: z.array(statusEntry),
    registrant: z.string().nullable().meta({ description: "The registrant's contact handle." }),
    registrantSummary: registrantSummary.nullable(),
    contacts: z.array(z.object({ role: z.enum(domainContactRoles), handle: z.string() })),
    nameservers: z.array(z.object({ name: z.string(), name_unicode: z.string(), ipAddresses: z.array(z.object({ ip: z.string() })) })),
    delegationSigners: z.array(z.object({ keyTag: z.number().int(), algorithm: ianaEntry, digestType: ianaEntry, digest: z.string() })),
  }),
);

export const domainTransferSchema = exactly<DomainTransfer>()(
  z.object({
    status: z.string().meta({ description: 'Usually CLIENT_APPROVED, PENDING or SERVER_APPROVED; the registry may report others.' }),
    requestedAt: timestamp,
    actedAt: timestamp.nullable(),
  }),
);

export const registryContactSchema = exactly<RegistryContact>()(
  z.object({
    handle: z.string(),
    roid: z.string(),
    name: z.string().nullable(),
    organization: z.string().nullable(),
    phone: z.string().nullable(),
    fax: z.string().nullable(),
    email: z.string().nullable(),
    email_unicode: z.string().nullable(),
    address: z.object({
      street: z.string().nullable(),
      street2: z.string().nullable(),
      street3: z.string().nullable(),
      postalCode: z.string().nullable(),
      city: z.string().nullable(),
      region: z.string().nullable(),
      countryCode: z.string().nullable(),
    }),
  }),
);

const count = z.number().int();

export const portfolioOverviewSchema = exactly<PortfolioOverview>()(
  z.object({
    total: count,
    byLifecycle: z.record(z.enum(lifecycleOrder), count),
    byLabel: z.record(z.enum(registrationLabels), count),
    byGracePeriod: z.record(z.enum(gracePeriodFilterValues), count),
    idn: count.meta({ description: 'Internationalised names (an `xn--` label).' }),
    forecast: z
      .array(z.object({ month: z.string().meta({ description: '`YYYY-MM`, Brussels.' }), expiring: count }))
      .meta({ description: 'Twelve months, the current one first: registrations whose expiry falls in each.' }),
    expiringSoon: z.array(z.object({ days: z.literal(expiringSoonDays), from: day, until: day, expiring: count })),
    asOf: timestamp,
  }),
);

/** `data` of the calls that wrap an entity in a named field. */
export const portfolioOverviewAnswer = z.object({ overview: portfolioOverviewSchema });
export const domainAnswer = z.object({ domain: domainRegistrationSchema });
export const transferAnswer = z.object({ transfer: domainTransferSchema.nullable() });
export const contactAnswer = z.object({ contact: registryContactSchema });
