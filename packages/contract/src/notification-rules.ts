import { z } from 'zod';
import { domainSearchExportQuerySchema, domainStatuses, type DomainSearchExportQuery } from './domains';
import { registrationLabels, rgpStatuses } from './portfolio';

/*
 * Notification rules (issue 32, section 2): what a registrar wants to be told about its
 * registrations, and who among its users is told. The one home of the rules' kinds, their targets
 * (from the contract's own lists of statuses, grace periods and labels), the caps per registrar and
 * the schemas the API and the web's form share.
 */

export const notificationRuleLimits = {
  /** Rules one registrar may have. */
  maxRules: 100,
  /** Recipients one rule may name (users of the registrar). */
  maxRecipients: 20,
  nameMaxLength: 100,
  /** "Expires within N days": N from 1 to this. */
  maxExpiryDays: 365,
  /** A saved search's threshold: from 0 to this. */
  maxThreshold: 10_000_000,
} as const;

/**
 * What a rule watches. `enters*`: a registration of ours takes on the status, grace period or label
 * (it did not have it before the change); `transferAway`: another registrar requested its transfer;
 * `*Change`: its name servers, DS records or registrant changed; `expiresWithin`: it expires within
 * N days (checked daily); `searchCount`: a saved search's count crosses a threshold (after each feed
 * batch that changed one of our registrations).
 */
export const notificationRuleKinds = [
  'entersStatus',
  'entersGracePeriod',
  'entersLabel',
  'transferAway',
  'nameserversChange',
  'dsChange',
  'registrantChange',
  'expiresWithin',
  'searchCount',
] as const;
export type NotificationRuleKind = (typeof notificationRuleKinds)[number];

/** Which way a saved search's count crosses its threshold: up to at least it, or down below it. */
export const searchCountDirections = ['atLeast', 'below'] as const;
export type SearchCountDirection = (typeof searchCountDirections)[number];

/** How a user receives hits by mail: at once, in a daily digest at 07:00 Brussels, or not at all. */
export const ruleMailChoices = ['immediate', 'digest', 'off'] as const;
export type RuleMailChoice = (typeof ruleMailChoices)[number];
export const defaultRuleMailChoice: RuleMailChoice = 'immediate';
/** When the digest is sent, Brussels time. */
export const ruleDigestSchedule = { cron: '0 7 * * *', tz: 'Europe/Brussels' } as const;

/** The event stream's and webhooks' kind of a rule hit. */
export const ruleHitEventKind = 'rule.hit' as const;

const bad = { error: 'validation.ruleTarget' } as const;

/** What each kind watches, besides the kind itself. */
export const notificationRuleTargetSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('entersStatus'), status: z.enum(domainStatuses, bad) }),
    z.object({ kind: z.literal('entersGracePeriod'), gracePeriod: z.enum(rgpStatuses, bad) }),
    z.object({ kind: z.literal('entersLabel'), label: z.enum(registrationLabels, bad) }),
    z.object({ kind: z.literal('transferAway') }),
    z.object({ kind: z.literal('nameserversChange') }),
    z.object({ kind: z.literal('dsChange') }),
    z.object({ kind: z.literal('registrantChange') }),
    z.object({
      kind: z.literal('expiresWithin'),
      days: z.coerce.number(bad).int(bad).min(1, bad).max(notificationRuleLimits.maxExpiryDays, bad),
    }),
    z.object({
      kind: z.literal('searchCount'),
      /** The search as the search page's address holds it: the name (`*an*` and the like) and its filters. */
      search: domainSearchExportQuerySchema,
      direction: z.enum(searchCountDirections, bad),
      threshold: z.coerce.number(bad).int(bad).min(0, bad).max(notificationRuleLimits.maxThreshold, bad),
    }),
  ],
  bad,
);
export type NotificationRuleTarget = z.output<typeof notificationRuleTargetSchema>;
export type SavedSearch = DomainSearchExportQuery;

const plainText = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u;

/** `POST /services/notificationRules` and `PUT /services/notificationRules/{id}`. */
export const notificationRuleSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(notificationRuleLimits.nameMaxLength, { error: 'validation.maxLength' })
    .regex(plainText, { error: 'validation.pattern' }),
  target: notificationRuleTargetSchema,
  recipients: z
    .array(
      z.string({ error: 'validation.ruleRecipients' }).trim().min(1, { error: 'validation.ruleRecipients' }).max(64, { error: 'validation.ruleRecipients' }),
      {
        error: 'validation.ruleRecipients',
      },
    )
    .min(1, { error: 'validation.ruleRecipients' })
    .max(notificationRuleLimits.maxRecipients, { error: 'validation.ruleRecipients' })
    .transform((list) => [...new Set(list)]),
});
export type NotificationRuleInput = z.input<typeof notificationRuleSchema>;
export type NotificationRuleRequest = z.output<typeof notificationRuleSchema>;

/** `PUT /services/notificationRules/mail`: the caller's own choice. */
export const ruleMailChoiceSchema = z.object({ mail: z.enum(ruleMailChoices, { error: 'error.badRequest' }) });

/** What a hit says changed: the fields' values before and after, as the change record holds them. */
export interface RuleHitDetails {
  /** The registration's name (none for a saved search's count). */
  domainName: string | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}
