import { z } from 'zod';
import { domainContactRoles, domainStatuses } from '../../domains';
import { expiringSoonDays, gracePeriodFilterValues, lifecycleOrder, registrationLabels, rgpStatuses } from '../../portfolio';

/*
 * What the registrations' calls answer in `data`, as zod schemas: the one home of each answer's
 * shape, for the OpenAPI document and, through `z.output`, for the types. Kept out of domains.ts
 * and portfolio.ts: the web imports those at run time, and never needs to parse its own answers;
 * the main entry re-exports only the types (`export type`), which leave no code in the bundle.
 */

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });
const day = z.string().meta({ description: 'A day in Brussels, `YYYY-MM-DD`.' });

const statusEntrySchema = z.object({ status: z.enum(domainStatuses), reason: z.string().nullable() });
export type DomainStatusEntry = z.output<typeof statusEntrySchema>;

/** A registrant as a search result shows it. */
const registrantSummarySchema = z.object({ handle: z.string(), name: z.string().nullable(), email: z.string().nullable() });
export type RegistrantSummary = z.output<typeof registrantSummarySchema>;

/** One row of `GET /services/domains/search` → `data.results`. */
export const domainSearchResultSchema = z.object({
  uLabel: z.string().meta({ description: 'The name in Unicode (U-label).' }),
  aLabel: z.string().meta({ description: 'The name in ASCII (A-label, `xn--` for an IDN).' }),
  created: timestamp,
  expired: timestamp.nullable(),
  rgpStatus: z.enum(rgpStatuses).nullable(),
  statuses: z.array(statusEntrySchema),
  registrant: registrantSummarySchema.nullable(),
});
export type DomainSearchResult = z.output<typeof domainSearchResultSchema>;

export const domainSearchResponseSchema = z.object({
  results: z.array(domainSearchResultSchema),
  totalResults: z.number().int(),
  /** Pass back as `checkpoint` for the next pages of the same search. */
  checkpoint: timestamp.meta({ description: 'Pass it back as `checkpoint` for the next pages of the same search, so that they stay stable.' }),
});
export type DomainSearchResponse = z.output<typeof domainSearchResponseSchema>;

const ianaEntrySchema = z.object({ id: z.number().int(), description: z.string() });
export type IanaEntry = z.output<typeof ianaEntrySchema>;

const nameserverSchema = z.object({ name: z.string(), name_unicode: z.string(), ipAddresses: z.array(z.object({ ip: z.string() })) });
export type Nameserver = z.output<typeof nameserverSchema>;

const delegationSignerSchema = z.object({ keyTag: z.number().int(), algorithm: ianaEntrySchema, digestType: ianaEntrySchema, digest: z.string() });
export type DelegationSigner = z.output<typeof delegationSignerSchema>;

/** `GET /services/domains/{domainName}` → `data.domain`. Timestamps are ISO 8601 in UTC. */
export const domainRegistrationSchema = z.object({
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
  statuses: z.array(statusEntrySchema),
  /** The registrant's contact handle. */
  registrant: z.string().nullable().meta({ description: "The registrant's contact handle." }),
  /** The registrant's handle with its name and email, shown beside the handle; null without a registrant. */
  registrantSummary: registrantSummarySchema.nullable(),
  contacts: z.array(z.object({ role: z.enum(domainContactRoles), handle: z.string() })),
  nameservers: z.array(nameserverSchema),
  delegationSigners: z.array(delegationSignerSchema),
});
export type DomainRegistration = z.output<typeof domainRegistrationSchema>;

/** `GET /services/transfer/{domainName}` → `data.transfer`: the latest transfer of the domain. */
export const domainTransferSchema = z.object({
  /** Usually one of `transferStatuses`; the registry may report others (rejected, cancelled). */
  status: z.string().meta({ description: 'Usually CLIENT_APPROVED, PENDING or SERVER_APPROVED; the registry may report others.' }),
  requestedAt: timestamp,
  actedAt: timestamp.nullable(),
});
export type DomainTransfer = z.output<typeof domainTransferSchema>;

const contactAddressSchema = z.object({
  street: z.string().nullable(),
  street2: z.string().nullable(),
  street3: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  countryCode: z.string().nullable(),
});
export type ContactAddress = z.output<typeof contactAddressSchema>;

/** `GET /services/contacts/{handle}` → `data.contact`. */
export const registryContactSchema = z.object({
  handle: z.string(),
  roid: z.string(),
  name: z.string().nullable(),
  organization: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  email_unicode: z.string().nullable(),
  address: contactAddressSchema,
});
export type RegistryContact = z.output<typeof registryContactSchema>;

const count = z.number().int();

/** `GET /services/domains/overview` → `data.overview`: the caller's registrar's portfolio, counted. */
export const portfolioOverviewSchema = z.object({
  /** Every registration of the registrar. */
  total: count,
  byLifecycle: z.record(z.enum(lifecycleOrder), count),
  byLabel: z.record(z.enum(registrationLabels), count),
  byGracePeriod: z.record(z.enum(gracePeriodFilterValues), count),
  /** Internationalised names (an `xn--` label). */
  idn: count.meta({ description: 'Internationalised names (an `xn--` label).' }),
  /** `forecastMonths` entries, the current Brussels month first: registrations whose expiry falls in that month (from today on for the current one). */
  forecast: z
    .array(z.object({ month: z.string().meta({ description: '`YYYY-MM`, Brussels.' }), expiring: count }))
    .meta({ description: 'Twelve months, the current one first: registrations whose expiry falls in each.' }),
  /** One entry per `expiringSoonDays`: registrations expiring from today to `until` (Brussels, inclusive). */
  expiringSoon: z.array(z.object({ days: z.literal(expiringSoonDays), from: day, until: day, expiring: count })),
  /** When the counts were read (ISO 8601, UTC). */
  asOf: timestamp,
});
export type PortfolioOverview = z.output<typeof portfolioOverviewSchema>;

/** `data` of the calls that wrap an entity in a named field. */
export const portfolioOverviewAnswer = z.object({ overview: portfolioOverviewSchema });
export const domainAnswer = z.object({ domain: domainRegistrationSchema });
export const transferAnswer = z.object({ transfer: domainTransferSchema.nullable() });
export const contactAnswer = z.object({ contact: registryContactSchema });
