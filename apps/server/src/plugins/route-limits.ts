import type { OperationId } from '@registrar-panel/contract/api';
import { byAddress, byRegistrar, byUser, byUserOrApiKey, type Subject } from './rate-limits';

/*
 * The request limits of the API's routes, by operation id: one server table beside the plugin that
 * applies them (plugins/api-routes.ts), not a field of the contract's entries. The limits are the
 * server's policy: their names, counts and windows come from the environment (lib/rate-limit-policy.ts),
 * and the document says only what every route already says, 429 with `Retry-After`.
 */

/** Every `/services` request from one address, checked before the caller is known: a flood of bad tokens is refused cheaply. */
export const limitBeforeAuthentication: readonly Subject[] = [byAddress('servicesPerIp')];

/** Every request of a signed-in user, or of an API key (each key has an allowance of its own). */
export const limitPerCaller: readonly Subject[] = [byUserOrApiKey('servicesPerUser', 'servicesPerApiKey')];

/** Each user created, or activation mailed again, mails a link. */
const userCreation = [byAddress('userCreationPerIp'), byUser('userCreationPerUser')];

const eppCertificateChanges = [byUser('eppCertificatePerUser'), byRegistrar('eppCertificatePerRegistrar')];

/** The routes with limits of their own, checked after the caller's, narrowest first. */
export const routeLimits: { readonly [Id in OperationId]?: readonly Subject[] } = {
  createUser: userCreation,
  sendActivation: userCreation,
  // Every try counts, right or wrong: the current password cannot be guessed through this form.
  changeEppPassword: [byUser('eppPasswordPerUser'), byRegistrar('eppPasswordPerRegistrar')],
  // Each call mails a link: a script cannot fill a mailbox (or the mail relay's quota).
  requestPasswordReset: [byAddress('resetMailPerIp'), byUser('resetMailPerAccount')],
  // Each creation mails the technical contact and every ADMIN.
  createApiKey: [byUser('apiKeyCreationPerUser')],
  // Each change mails the technical contact and every ADMIN; a refused upload counts too (it costs a parse).
  uploadEppCertificate: eppCertificateChanges,
  removeEppCertificate: eppCertificateChanges,
  // Each request mails every ADMIN a link.
  requestEppPasswordResetLink: [byUser('eppResetLinkPerUser'), byRegistrar('eppResetLinkPerRegistrar')],
};
