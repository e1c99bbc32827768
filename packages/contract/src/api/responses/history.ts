import { z } from 'zod';
import { domainSearchFilterNames } from '../../portfolio';
import { auditActions, personalDataReadAction, type AuditAction } from '../../history';
import { eppCertificateSlots } from '../../epp-certificates';

/*
 * What each audit action records in `details` (the one home of those shapes: the server's audit
 * writer takes `AuditDetails[action]`), and the registrar's history as the API answers it: a union
 * on `action` of the audit entries and the sign-ins. Never a secret in any of them.
 */

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });
const day = z.string().meta({ description: 'A day in Brussels, `YYYY-MM-DD`.' });
const fileName = z.string();
const rows = z.number().int().meta({ description: 'The records the file holds.' });
// Roles and scopes as they were named when recorded: one this version no longer knows is shown as it is.
const names = z.array(z.string());

const contactChange = z.object({
  contact: z.enum(['publicContact', 'techContact', 'adminContact', 'abuseContact']),
  /** Each changed field: its dotted path (`address.city`), its old and its new value (null: empty). */
  changes: z.array(z.object({ field: z.string(), old: z.string().nullable(), new: z.string().nullable() })),
  /** The registrar's version after the change. */
  version: z.number().int(),
});
const userFields = { name: z.string(), email: z.string(), roles: names };
const userNamed = z.object({ username: z.string() });
const userWhole = z.object({ username: z.string(), ...userFields });
const eppCertificate = z.object({
  slot: z.enum(eppCertificateSlots),
  fingerprint: z.string().meta({ description: 'SHA-256 of the DER, lower-case hex.' }),
  subject: z.string(),
  notAfter: timestamp,
});
const webhookFacts = z.object({ id: z.string(), url: z.string(), eventKinds: names, description: z.string() });
const apiKey = z.object({ name: z.string(), prefix: z.string(), scopes: names, expiresOn: day, allowedAddresses: z.array(z.string()) });

export const auditDetailsSchemas = {
  'registrar.publicContact.update': contactChange,
  'registrar.techContact.update': contactChange,
  'registrar.adminContact.update': contactChange,
  'registrar.abuseContact.update': contactChange,
  'epp.ipAddresses.update': z.object({ before: z.array(z.string()), after: z.array(z.string()) }),
  /** Whether it was the first password; never the password. */
  'epp.password.update': z.object({ firstTime: z.boolean() }),
  'user.create': userWhole,
  'user.update': z.object({ username: z.string(), before: z.object(userFields), after: z.object(userFields) }),
  'user.delete': userWhole,
  'user.totpReset': userNamed,
  'user.activationResend': userNamed,
  'user.disable': userNamed,
  'user.enable': userNamed,
  'user.accessEnd': z.object({ username: z.string(), accessEnd: day.nullable() }),
  /** Never the secret or its hash. */
  'apiKey.create': apiKey,
  'apiKey.revoke': apiKey,
  'download.domainReport': z.object({ fileName, rows }),
  /** The uploaded file's name as the browser gave it (the file itself is not kept), its lines and what the run found. */
  'reconciliation.upload': z.object({
    runId: z.string(),
    fileName: z.string().nullable(),
    bytes: z.number().int(),
    lines: z.number().int(),
    counts: z.record(z.string(), z.number().int()),
  }),
  'download.reconciliation': z.object({ fileName, runId: z.string(), rows }),
  /** The instant asked (ISO 8601, UTC), the name pattern and filters, and the rows. */
  'download.portfolioOnDate': z.object({
    fileName,
    at: z.string(),
    ulabel: z.string().optional(),
    filters: z.partialRecord(z.enum(domainSearchFilterNames), z.string()),
    rows,
  }),
  /** The period asked (ISO 8601, UTC) and the rows. */
  'download.portfolioChanges': z.object({ fileName, from: z.string(), to: z.string(), rows }),
  'download.billing': z.object({ fileName, year: z.number().int(), month: z.number().int(), rows }),
  'download.searchExport': z.object({ fileName, ulabel: z.string(), filters: z.partialRecord(z.enum(domainSearchFilterNames), z.string()), rows }),
  /** `from`: the first month (`YYYY-MM`); absent when the forecast had no month. */
  'download.forecast': z.object({ fileName, months: z.number().int(), from: z.string().optional() }),
  /** The filters as they were asked for; an absent one did not filter. */
  'download.historyExport': z.object({ fileName, filter: z.partialRecord(z.enum(['user', 'kind', 'from', 'to']), z.string()) }),
  /** The language before and after, as stored (`en`, `nl`, `fr`, `de`). */
  'registrar.language.update': z.object({ before: z.string(), after: z.string() }),
  /** The certificate uploaded (or, for a removal, removed); `replaced`: the fingerprint of the one it took the place of. */
  'epp.certificate.upload': eppCertificate,
  'epp.certificate.replace': eppCertificate.extend({ replaced: z.string() }),
  'epp.certificate.remove': eppCertificate,
  /** How many ADMIN users the link was mailed to; never the link or its token. */
  'epp.password.resetLinkRequest': z.object({ recipients: z.number().int() }),
  /** Who asked for the link used; never the password, the link or its token. */
  'epp.password.resetLinkUse': z.object({ requestedBy: z.string() }),
  /** An endpoint as it is after the change (before and after for an update): its address without query or user-info, never its secret. */
  'webhook.create': webhookFacts,
  'webhook.update': z.object({ before: webhookFacts, after: webhookFacts }),
  'webhook.delete': webhookFacts,
  'webhook.enable': webhookFacts,
  /** `reason`: `manual`, or `failing` when no delivery succeeded for 3 days. */
  'webhook.disable': webhookFacts.extend({ reason: z.string() }),
  'webhook.secretRotate': webhookFacts,
  /** Never a password; how many other sessions ended with the change. */
  'account.password.change': z.object({ sessionsEnded: z.number().int() }),
  'account.totp.change': z.object({ sessionsEnded: z.number().int() }),
  /** The session ended, as the account page showed it (browser and system from its user agent). */
  'account.session.end': z.object({ browser: z.string().nullable(), os: z.string().nullable(), address: z.string() }),
  'account.sessions.endOthers': z.object({ sessionsEnded: z.number().int() }),
  'account.passkey.add': z.object({ passkeyName: z.string() }),
  'account.passkey.remove': z.object({ passkeyName: z.string() }),
  'account.passkey.rename': z.object({ before: z.string(), after: z.string() }),
  /** How many passkeys an ADMIN removed from the user. */
  'user.passkeysRemove': z.object({ username: z.string(), passkeysRemoved: z.number().int() }),
  'registrar.passkeyPolicy.update': z.object({ required: z.boolean() }),
  /** The registry removed an ADMIN's second factors (their authenticator app and passkeys) so that they enrol again. */
  'user.secondFactorsRecover': z.object({ username: z.string(), totpRemoved: z.boolean(), passkeysRemoved: z.number().int() }),
} as const satisfies Record<AuditAction, z.ZodObject>;

/** What each audit action records in `details`. */
export type AuditDetails = { [A in AuditAction]: z.output<(typeof auditDetailsSchemas)[A]> };

const entryFields = {
  /** Unique within the history: `a…` an audit entry, `s…` a sign-in, `p…` an entry of the personal-data log. */
  id: z.string().meta({ description: 'Unique within the history: `a…` an audit entry, `s…` a sign-in, `p…` an entry of the personal-data log.' }),
  /** ISO 8601, UTC; shown in Brussels time. */
  at: timestamp,
  username: z.string().nullable(),
};
const ip = z.string().nullable();

/**
 * An audit entry. Its details hold the fields of its action's shape that the stored row holds in
 * that shape: a row written before a field existed, or with another shape, lacks it.
 */
export type AuditHistoryEntry = {
  [A in AuditAction]: Omit<SignInHistoryEntry, 'action' | 'details'> & { action: A; details: Partial<AuditDetails[A]> };
}[AuditAction];

/**
 * A sign-in: `signIn.success`, or `signIn.` plus the failure reason the identity service recorded
 * (`wrongPassword`, `wrongCode`, `locked`, `disabled`, `registrarBlocked`, Keycloak's `failed`, …).
 */
const signInEntrySchema = z.object({
  ...entryFields,
  action: z.templateLiteral(['signIn.', z.string()]),
  details: z.object({}).meta({ description: 'Always empty.' }),
  ip,
});
export type SignInHistoryEntry = z.output<typeof signInEntrySchema>;

/**
 * An entry of the personal-data log (ADMIN only): a call that answered registrants' or contacts'
 * data, with its parameters, the rows it answered and, for one registration or contact, the handles.
 */
const personalDataEntrySchema = z.object({
  ...entryFields,
  action: z.literal(personalDataReadAction),
  details: z.object({
    operation: z.string().meta({ description: 'The operation id of the call, e.g. `getContact`.' }),
    route: z.string().meta({ description: 'Its method and path template, e.g. `GET /contacts/:handle`.' }),
    params: z.record(z.string(), z.unknown()).meta({ description: 'Its path and query parameters as the API read them.' }),
    rows: z.number().int().meta({ description: 'The rows of personal data it answered.' }),
    handles: z.array(z.string()).optional().meta({ description: 'The contact handles it showed (one registration, one contact).' }),
  }),
  ip,
});
export type PersonalDataHistoryEntry = z.output<typeof personalDataEntrySchema>;

/** One entry of the registrar's history, by its action. */
export type HistoryEntry = AuditHistoryEntry | SignInHistoryEntry | PersonalDataHistoryEntry;

const details = 'What the action changed or asked for; never a secret. An entry recorded before a field existed lacks it.';
const auditEntrySchemas = auditActions.map((action) =>
  z.object({ ...entryFields, action: z.literal(action), details: auditDetailsSchemas[action].partial().meta({ description: details }), ip }),
);
const entryUnion = z.union([...auditEntrySchemas, signInEntrySchema, personalDataEntrySchema]);
/** Holds when every entry `HistoryEntry` allows is one the schema describes. */
type _EntryFitsSchema = Assert<HistoryEntry extends z.output<typeof entryUnion> ? true : false>;
type Assert<T extends true> = T;
// Built from the action list, the union reads to zod as one object whose action and details vary
// apart; the type ties each action to its details (`AuditHistoryEntry`), which the check above keeps true.
export const historyEntrySchema = entryUnion as z.ZodType<HistoryEntry>;

/** `GET /services/registrar/history`: newest first, `limits.historyPageSize` entries a page. */
export const historyAnswer = z.object({
  entries: z.array(historyEntrySchema),
  page: z.number().int(),
  /** Matches counted up to `limits.historyPageSize × limits.historyMaxPages`. */
  total: z.number().int(),
  /** More match than can be paged through: narrow the filters or export as CSV. */
  totalCapped: z.boolean().meta({ description: 'More match than can be paged through: narrow the filters or export as CSV.' }),
  pageCount: z.number().int(),
});
export type HistoryResponse = z.output<typeof historyAnswer>;
