import { eppCertificateProblems } from '../epp-certificate-problems';
import type { OperationId } from './operations';
import type { WebHandles } from './route';

/*
 * Among the message keys an operation answers, those the web shows its own way: on a field, ignored,
 * or replaced by an answer of its own. The one home of these marks, zod-free so that the web's bundle
 * may hold it (as `operations.ts` holds methods and paths); each route entry takes its `webHandles`
 * from here, and web-handled-keys.test.ts checks every mark against the keys the route can answer.
 * An operation not listed has no marks: every message it answers is alerted.
 */
export const webHandledKeys = {
  // The name's keys on the name input, a filter's (its `field`) on that filter (spec sections 5 and 8).
  searchRegistrations: {
    field: [
      'search.domain.name.empty.input',
      'search.domain.name.invalid',
      'validation.maxLength',
      'search.filter.invalid',
      'search.filter.date.invalid',
      'search.filter.expiryRange',
    ],
  },
  getTransfer: { ignored: ['no.transfer.history'] },
  updatePublicContact: { field: ['error.conflict'] },
  updateWhoisContact: { field: ['error.conflict'] },
  replaceEppIpAddresses: { field: ['validation.ipAddress', 'validation.ipAddressDuplicate'] },
  changeEppPassword: { field: ['unsafe.password'] },
  createUser: { field: ['users.usernameTaken'] },
  updateUser: { replaced: ['error.recentSignInRequired'] },
  resetUserTotp: { replaced: ['error.recentSignInRequired'] },
  removeUserPasskeys: { replaced: ['error.recentSignInRequired'] },
  createNotificationRule: {
    field: [
      'validation.required',
      'validation.maxLength',
      'validation.pattern',
      'validation.ruleTarget',
      'validation.ruleRecipients',
      'rules.recipientUnknown',
    ],
  },
  updateNotificationRule: {
    field: [
      'validation.required',
      'validation.maxLength',
      'validation.pattern',
      'validation.ruleTarget',
      'validation.ruleRecipients',
      'rules.recipientUnknown',
    ],
  },
  createWebhookEndpoint: {
    field: [
      'validation.required',
      'validation.maxLength',
      'validation.pattern',
      'validation.webhookUrl',
      'validation.webhookEvents',
      'webhooks.httpsRequired',
      'webhooks.addressRefused',
    ],
  },
  updateWebhookEndpoint: {
    field: [
      'validation.required',
      'validation.maxLength',
      'validation.pattern',
      'validation.webhookUrl',
      'validation.webhookEvents',
      'webhooks.httpsRequired',
      'webhooks.addressRefused',
    ],
  },
  // Too many keys is about no field: alerted.
  createApiKey: {
    field: [
      'validation.required',
      'validation.maxLength',
      'validation.pattern',
      'validation.apiKeyScopes',
      'validation.apiKeyScope',
      'validation.apiKeyScopeDuplicate',
      'validation.apiKeyExpiry',
      'validation.apiKeyAddress',
      'validation.apiKeyAddressDuplicate',
      'validation.apiKeyAddressEverywhere',
      'validation.apiKeyAddressesTooMany',
      'apiKeys.nameTaken',
    ],
  },
  requestPasswordReset: { replaced: ['error.internal'] },
  // Every check of the certificate on the PEM field; a concurrent change beside the slot's form.
  uploadEppCertificate: {
    field: ['validation.required', 'validation.maxLength', ...eppCertificateProblems, 'eppCertificate.changed'],
  },
  // A link that is unknown, used or expired: the reset page says so in place of the form.
  checkEppPasswordResetLink: { replaced: ['epp.resetLink.invalid', 'epp.resetLink.used', 'epp.resetLink.expired'] },
  setEppPasswordWithLink: { field: ['unsafe.password'], replaced: ['epp.resetLink.invalid', 'epp.resetLink.used', 'epp.resetLink.expired'] },
  // My account: the form's keys on its fields; a stale sign-in is answered with a new one (lib/recent-sign-in.ts).
  changeMyPassword: {
    field: ['validation.required', 'validation.maxLength', 'validation.accountPasswordLength', 'account.password.wrong', 'unsafe.password'],
    replaced: ['error.recentSignInRequired'],
  },
  startTotpEnrolment: { replaced: ['error.recentSignInRequired'] },
  confirmTotpEnrolment: { field: ['validation.totpCode', 'account.totp.wrongCode'], replaced: ['error.recentSignInRequired'] },
  endMySession: { replaced: ['error.recentSignInRequired'] },
  endMyOtherSessions: { replaced: ['error.recentSignInRequired'] },
  startPasskeyRegistration: { replaced: ['error.recentSignInRequired'] },
  addPasskey: { field: ['validation.required', 'validation.maxLength'], replaced: ['error.recentSignInRequired', 'account.passkey.notAccepted'] },
  removePasskey: { replaced: ['error.recentSignInRequired', 'account.passkey.last'] },
  renamePasskey: { field: ['validation.required', 'validation.maxLength'] },
} as const satisfies { readonly [Id in OperationId]?: WebHandles };

type Marks<Id extends OperationId> = Id extends keyof typeof webHandledKeys ? (typeof webHandledKeys)[Id] : Record<never, never>;
type KeysIn<M> = { [Kind in keyof M]: M[Kind] extends readonly (infer Key)[] ? Key : never }[keyof M];

/** The message keys the web shows its own way on this operation's answers (never alerted by the client). */
export type HandledKey<Id extends OperationId> = KeysIn<Marks<Id>>;

/** Every key the operation's entry marks, whatever the web does with it: what the client leaves to its caller. */
export function handledKeysOf(operationId: OperationId): readonly string[] {
  const marks: WebHandles = (webHandledKeys as { readonly [Id in OperationId]?: WebHandles })[operationId] ?? {};
  return [...(marks.field ?? []), ...(marks.ignored ?? []), ...(marks.replaced ?? [])];
}
