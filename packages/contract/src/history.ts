import { z } from 'zod';
import { calendarDateField } from './dates';
import { limits } from './limits';

/**
 * Every action the audit trail records (server: `modules/audit/audit.repository.ts` takes only
 * these). The registrar's history (`/registrar/history`) shows each with an English text of its
 * own (web: `features/registrar/en.json`, checked by a unit test). Each records the details its
 * schema in `api/responses/history.ts` gives (`AuditDetails`). Names are stored in the database:
 * never rename one, only add.
 */
export const auditActions = [
  // Contacts on the general data page.
  'registrar.publicContact.update',
  'registrar.techContact.update',
  'registrar.adminContact.update',
  'registrar.abuseContact.update',
  // EPP.
  'epp.ipAddresses.update',
  'epp.password.update',
  // User management.
  'user.create',
  'user.update',
  'user.delete',
  'user.totpReset',
  'user.activationResend',
  'user.disable',
  'user.enable',
  'user.accessEnd',
  // Passkeys: an ADMIN removes a user's, or requires them of the registrar's users; the registry
  // recovers an ADMIN who lost their second factors (`npm run recover-admin`).
  'user.passkeysRemove',
  'registrar.passkeyPolicy.update',
  'user.secondFactorsRecover',
  // API keys.
  'apiKey.create',
  'apiKey.revoke',
  // CSV downloads.
  'download.domainReport',
  'download.billing',
  'download.searchExport',
  'download.forecast',
  'download.historyExport',
  // The language of mails to the registrar's contacts that are no users.
  'registrar.language.update',
  // EPP client certificates (epp-certificates.ts).
  'epp.certificate.upload',
  'epp.certificate.replace',
  'epp.certificate.remove',
  // The EPP password's reset link: asked for, then used to set a password without the current one.
  'epp.password.resetLinkRequest',
  'epp.password.resetLinkUse',
  // Webhook endpoints.
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.enable',
  'webhook.disable',
  'webhook.secretRotate',
  // A user's own account ("My account"): their password, authenticator and sessions.
  'account.password.change',
  'account.totp.change',
  'account.session.end',
  'account.sessions.endOthers',
  'account.passkey.add',
  'account.passkey.remove',
  'account.passkey.rename',
  // Reconciliation (reconciliation.ts): a file uploaded and compared, its results downloaded.
  'reconciliation.upload',
  'download.reconciliation',
  // The registrations' past (registration-history.ts): the portfolio on a date and the changes between two, as CSV.
  'download.portfolioOnDate',
  'download.portfolioChanges',
] as const;
export type AuditAction = (typeof auditActions)[number];

export function isAuditAction(action: string): action is AuditAction {
  return (auditActions as readonly string[]).includes(action);
}

/**
 * The history's kinds of action, the filter's choices. Sign-ins come from the identity service's
 * records; `personalData` is the personal-data log (`personalDataReadAction`), which only a user who
 * may `readPersonalDataLog` (ADMIN) sees or asks for.
 */
export const historyKinds = ['contacts', 'epp', 'users', 'apiKeys', 'signIn', 'downloads', 'webhooks', 'personalData'] as const;
export type HistoryKind = (typeof historyKinds)[number];

/** The kind of each audit action: a new action does not compile until it has one. */
export const auditActionKinds = {
  'registrar.publicContact.update': 'contacts',
  'registrar.techContact.update': 'contacts',
  'registrar.adminContact.update': 'contacts',
  'registrar.abuseContact.update': 'contacts',
  'epp.ipAddresses.update': 'epp',
  'epp.password.update': 'epp',
  'user.create': 'users',
  'user.update': 'users',
  'user.delete': 'users',
  'user.totpReset': 'users',
  'user.activationResend': 'users',
  'user.disable': 'users',
  'user.enable': 'users',
  'user.accessEnd': 'users',
  'user.passkeysRemove': 'users',
  'registrar.passkeyPolicy.update': 'users',
  'user.secondFactorsRecover': 'users',
  'apiKey.create': 'apiKeys',
  'apiKey.revoke': 'apiKeys',
  'download.domainReport': 'downloads',
  'download.billing': 'downloads',
  'download.searchExport': 'downloads',
  'download.forecast': 'downloads',
  'download.historyExport': 'downloads',
  'registrar.language.update': 'contacts',
  'epp.certificate.upload': 'epp',
  'epp.certificate.replace': 'epp',
  'epp.certificate.remove': 'epp',
  'epp.password.resetLinkRequest': 'epp',
  'epp.password.resetLinkUse': 'epp',
  'webhook.create': 'webhooks',
  'webhook.update': 'webhooks',
  'webhook.delete': 'webhooks',
  'webhook.enable': 'webhooks',
  'webhook.disable': 'webhooks',
  'webhook.secretRotate': 'webhooks',
  'account.password.change': 'users',
  'account.totp.change': 'users',
  'account.session.end': 'users',
  'account.sessions.endOthers': 'users',
  'account.passkey.add': 'users',
  'account.passkey.remove': 'users',
  'account.passkey.rename': 'users',
  'reconciliation.upload': 'downloads',
  'download.reconciliation': 'downloads',
  'download.portfolioOnDate': 'downloads',
  'download.portfolioChanges': 'downloads',
} as const satisfies Record<AuditAction, Exclude<HistoryKind, 'signIn' | 'personalData'>>;

/** The audit actions of one kind (none for `signIn` and `personalData`). */
export function auditActionsOfKind(kind: HistoryKind): AuditAction[] {
  return auditActions.filter((action) => auditActionKinds[action] === kind);
}

/**
 * Sign-in outcomes as the identity service records them; user management and the history show them
 * as `signIn.{outcome}` (a text for each, checked by the web's tests), metrics count each.
 * `registrarBlocked`: the right password of a user whose registrar may not sign in (not counted as a failure).
 * `disabled` and `accessEnded`: the right password of a user an ADMIN disabled, or whose access end
 * day has passed (not counted as failures either).
 */
export const signInOutcomes = ['success', 'wrongPassword', 'wrongCode', 'locked', 'disabled', 'accessEnded', 'registrarBlocked'] as const;
export type SignInOutcome = (typeof signInOutcomes)[number];

/**
 * A sign-in as the history shows it: `signIn.success`, or `signIn.` plus the failure reason the
 * identity service recorded (`wrongPassword`, `wrongCode`, `locked`, `disabled`, `registrarBlocked`,
 * Keycloak's `failed`, …).
 */
export type SignInHistoryAction = `signIn.${string}`;

/**
 * The action of every entry of the personal-data log: a call whose route table entry is marked
 * `personalData` answered registrants' or contacts' data. Not an audit action: its own table, its own
 * retention, never an event of the stream or a webhook.
 */
export const personalDataReadAction = 'personalData.read';
export type PersonalDataHistoryAction = typeof personalDataReadAction;
export type HistoryAction = AuditAction | SignInHistoryAction | PersonalDataHistoryAction;

/**
 * The history's first day: it holds nothing older, and Brussels kept local mean time (an offset of
 * 17 minutes 30 seconds) before 1892, which the day's start in Brussels is not computed for.
 */
export const historyFirstDay = '1970-01-01';

/** An empty query parameter (a form's empty field) is no filter. */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

const historyDate = z.preprocess(
  blankAsMissing,
  calendarDateField('validation.historyDate')
    .refine((day) => day >= historyFirstDay, { error: 'validation.historyDate' })
    .optional(),
);

/**
 * `GET /services/registrar/history` and `…/history/csv`: every filter optional. `user` is a username
 * with or without the `@HANDLE` suffix (the caller's registrar is assumed); `from` and `to` are
 * Brussels days, both included; `page` is one-based and bounded (`limits.historyMaxPages`).
 */
export const historyQuerySchema = z
  .object({
    user: z
      .string({ error: 'error.badRequest' })
      .trim()
      .max(limits.usernameMaxLength, { error: 'error.badRequest' })
      .optional()
      .transform((user) => (user ? user : undefined)),
    kind: z.preprocess(blankAsMissing, z.enum(historyKinds, { error: 'error.badRequest' }).optional()),
    from: historyDate,
    to: historyDate,
    page: z.coerce
      .number({ error: 'error.badRequest' })
      .int({ error: 'error.badRequest' })
      .min(1, { error: 'error.badRequest' })
      .max(limits.historyMaxPages, { error: 'validation.historyPage' })
      .default(1),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: 'validation.historyDateRange', path: ['to'] });
export type HistoryQuery = z.input<typeof historyQuerySchema>;
/** The filters of a checked query; an absent one does not filter. */
export interface HistoryFilter {
  user?: string | undefined;
  kind?: HistoryKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** `{handle}-history-{YYYYMMDD-HHmmss}.csv`, the time of the download in Brussels. */
export function historyCsvFileName(handle: string, stamp: string): string {
  return `${handle}-history-${stamp}.csv`;
}
