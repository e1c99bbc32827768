import { z } from 'zod';
import { registrationHistoryCauses, registrationHistoryChangeKinds, registrationHistoryComparedFields } from '../../registration-history';

/* What the registrations' past answers in `data` (routes/registration-history.ts). */

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });

/** A registration's recorded state in a version (contract `RegistrationState`): contacts by handle, never their details. */
export const registrationVersionStateSchema = z.object({
  name: z.string(),
  registrar: z.string().nullable(),
  registrant: z.string().nullable().meta({ description: 'The registrant’s handle as it was then.' }),
  contacts: z.array(z.object({ role: z.string(), handle: z.string() })),
  expiresAt: timestamp.nullable(),
  statuses: z.array(z.string()),
  rgpStatus: z.string().nullable(),
  nameservers: z.array(z.object({ name: z.string(), ipAddresses: z.array(z.string()) })),
  delegationSigners: z.array(z.object({ keyTag: z.number().int(), algorithm: z.number().int(), digestType: z.number().int(), digest: z.string() })),
  pendingTransferTo: z.string().nullable(),
});
export type RegistrationVersionState = z.output<typeof registrationVersionStateSchema>;

/** Today's name and e-mail of a registrant handle, shown beside the handle it had then, and labelled as today's. */
const registrantTodaySchema = z
  .object({ name: z.string().nullable(), email: z.string().nullable() })
  .nullable()
  .meta({ description: 'The registrant contact’s name and e-mail as they are today (not as they were then); null when the contact no longer exists.' });

/** One registration as it was at the date asked. */
export const portfolioOnDateRowSchema = z.object({
  name: z.string(),
  aLabel: z.string(),
  createdAt: timestamp,
  validFrom: timestamp.meta({ description: 'Since when the registration was in this state.' }),
  validTo: timestamp.nullable().meta({ description: 'Until when it stayed in this state; null while it still is.' }),
  state: registrationVersionStateSchema,
  registrantToday: registrantTodaySchema,
});
export type PortfolioOnDateRow = z.output<typeof portfolioOnDateRowSchema>;

export const portfolioOnDateAnswer = z.object({
  at: timestamp.meta({ description: 'The instant answered (a day is its last millisecond in Brussels).' }),
  knownFrom: timestamp.meta({ description: 'From when the portal knows the registrations’ past.' }),
  registrations: z.array(portfolioOnDateRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PortfolioOnDateResponse = z.output<typeof portfolioOnDateAnswer>;

/** How many registrations the portfolio on that date holds, as filtered: a request of its own, as it tests every one. */
export const portfolioOnDateCountAnswer = z.object({
  at: timestamp.meta({ description: 'The instant answered.' }),
  knownFrom: timestamp,
  total: z.number().int(),
});
export type PortfolioOnDateCountResponse = z.output<typeof portfolioOnDateCountAnswer>;

const countsSchema = z.object(
  Object.fromEntries(registrationHistoryChangeKinds.map((kind) => [kind, z.number().int()])) as Record<
    (typeof registrationHistoryChangeKinds)[number],
    z.ZodNumber
  >,
);

const comparedValues = z
  .object(
    Object.fromEntries(registrationHistoryComparedFields.map((field) => [field, registrationVersionStateSchema.shape[field].optional()])) as {
      [F in (typeof registrationHistoryComparedFields)[number]]: z.ZodOptional<(typeof registrationVersionStateSchema.shape)[F]>;
    },
  )
  .meta({ description: 'The compared fields: for a change only those that differ.' });

/** One registration that was added, removed or changed between the two dates. */
export const portfolioChangeSchema = z.object({
  name: z.string(),
  kind: z.enum(registrationHistoryChangeKinds),
  cause: z.enum(registrationHistoryCauses).nullable().meta({ description: 'Why it was added or removed; null for a change.' }),
  before: comparedValues.nullable().meta({ description: 'At the start; null when added.' }),
  after: comparedValues.nullable().meta({ description: 'At the end; null when removed.' }),
});
export type PortfolioChange = z.output<typeof portfolioChangeSchema>;

export const portfolioChangesAnswer = z.object({
  from: timestamp,
  to: timestamp,
  knownFrom: timestamp,
  kind: z.enum(registrationHistoryChangeKinds),
  changes: z.array(portfolioChangeSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PortfolioChangesResponse = z.output<typeof portfolioChangesAnswer>;

/** How many registrations of each kind changed between the two dates: a request of its own, as it reads every one the range touched. */
export const portfolioChangeCountsAnswer = z.object({ from: timestamp, to: timestamp, knownFrom: timestamp, counts: countsSchema });
export type PortfolioChangeCountsResponse = z.output<typeof portfolioChangeCountsAnswer>;

/** One version of a registration in the caller's registrar's past. */
export const registrationVersionSchema = z.object({
  validFrom: timestamp,
  validTo: timestamp.nullable().meta({ description: 'null while it is the current state.' }),
  state: registrationVersionStateSchema,
});
export type RegistrationVersion = z.output<typeof registrationVersionSchema>;

export const registrationTimelineAnswer = z.object({
  name: z.string(),
  knownFrom: timestamp,
  versions: z.array(registrationVersionSchema).meta({ description: 'Newest first; only the versions the caller’s registrar sponsored.' }),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RegistrationTimelineResponse = z.output<typeof registrationTimelineAnswer>;
