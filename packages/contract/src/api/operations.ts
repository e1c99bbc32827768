import type { ApiMethod } from './route';

/*
 * Each `/services` operation's method and path, by operation id: the one place a path is written.
 * The route table (api/routes/) takes its entries' method and path from here; the server registers
 * them from the table, and the web's client calls them by id. No zod here: the web's bundle holds
 * this map and nothing else of the table (the rest reaches the web as types only).
 */
export const operations = {
  // Registrations
  searchRegistrations: { method: 'GET', path: '/domains/search' },
  exportRegistrations: { method: 'GET', path: '/domains/search/csv' },
  getPortfolioOverview: { method: 'GET', path: '/domains/overview' },
  exportRenewalForecast: { method: 'GET', path: '/domains/overview/forecast/csv' },
  getRegistration: { method: 'GET', path: '/domains/:domainName' },
  getTransfer: { method: 'GET', path: '/transfer/:domainName' },
  getContact: { method: 'GET', path: '/contacts/:handle' },
  downloadDomainReport: { method: 'GET', path: '/registrar/:handle/report/domains/csv' },
  // Reconciliation (issue 34)
  startReconciliation: { method: 'POST', path: '/reconciliations' },
  listReconciliations: { method: 'GET', path: '/reconciliations' },
  getReconciliation: { method: 'GET', path: '/reconciliations/:runId' },
  getReconciliationResults: { method: 'GET', path: '/reconciliations/:runId/results' },
  exportReconciliation: { method: 'GET', path: '/reconciliations/:runId/csv' },
  // The registrations' past (issue 34)
  getPortfolioOnDate: { method: 'GET', path: '/domains/history/portfolio' },
  getPortfolioOnDateCount: { method: 'GET', path: '/domains/history/portfolio/count' },
  exportPortfolioOnDate: { method: 'GET', path: '/domains/history/portfolio/csv' },
  getPortfolioChanges: { method: 'GET', path: '/domains/history/changes' },
  getPortfolioChangeCounts: { method: 'GET', path: '/domains/history/changes/counts' },
  exportPortfolioChanges: { method: 'GET', path: '/domains/history/changes/csv' },
  getRegistrationTimeline: { method: 'GET', path: '/domains/:domainName/history' },
  // Registrar
  getRegistrar: { method: 'GET', path: '/registrar' },
  updatePublicContact: { method: 'PUT', path: '/registrar' },
  updateWhoisContact: { method: 'POST', path: '/registrar/whoisContact' },
  getProtectedTransactions: { method: 'GET', path: '/registrar/thresholds/protectedTransactions' },
  getBillingLines: { method: 'GET', path: '/registrar/finance/billingLines' },
  exportBillingLines: { method: 'GET', path: '/registrar/finance/billingLines/csv' },
  getEppIpAddresses: { method: 'GET', path: '/registrar/epp/ip' },
  replaceEppIpAddresses: { method: 'PUT', path: '/registrar/epp/ip' },
  isEppPasswordSet: { method: 'GET', path: '/registrar/epp/password/required' },
  changeEppPassword: { method: 'PUT', path: '/registrar/epp/password' },
  setRegistrarLanguage: { method: 'PUT', path: '/registrar/language' },
  getEppConnections: { method: 'GET', path: '/registrar/epp/connections' },
  // History
  getHistory: { method: 'GET', path: '/registrar/history' },
  exportHistory: { method: 'GET', path: '/registrar/history/csv' },
  // Users
  listUsers: { method: 'GET', path: '/users' },
  createUser: { method: 'POST', path: '/users' },
  sendActivation: { method: 'POST', path: '/users/:username/activation' },
  updateUser: { method: 'PUT', path: '/users/:username' },
  deleteUser: { method: 'DELETE', path: '/users/:username' },
  setUserEnabled: { method: 'PUT', path: '/users/:username/enabled' },
  setUserAccessEnd: { method: 'PUT', path: '/users/:username/accessEnd' },
  resetUserTotp: { method: 'DELETE', path: '/users/:username/totp' },
  getUserActivity: { method: 'GET', path: '/users/:username/activity' },
  getUserLoginAttempts: { method: 'GET', path: '/users/:username/loginAttempts' },
  removeUserPasskeys: { method: 'DELETE', path: '/users/:username/passkeys' },
  getPasskeyPolicy: { method: 'GET', path: '/registrar/passkeyPolicy' },
  setPasskeyPolicy: { method: 'PUT', path: '/registrar/passkeyPolicy' },
  // Api-keys
  listApiKeys: { method: 'GET', path: '/apiKeys' },
  createApiKey: { method: 'POST', path: '/apiKeys' },
  revokeApiKey: { method: 'DELETE', path: '/apiKeys/:id' },
  // The registry's messages
  listRegistryMessages: { method: 'GET', path: '/messages' },
  countUnreadRegistryMessages: { method: 'GET', path: '/messages/unread' },
  markAllRegistryMessagesRead: { method: 'POST', path: '/messages/read' },
  markRegistryMessageRead: { method: 'PUT', path: '/messages/:id/read' },
  dismissRegistryAnnouncement: { method: 'POST', path: '/messages/:id/dismiss' },
  // Webhooks
  listWebhookEndpoints: { method: 'GET', path: '/webhooks' },
  createWebhookEndpoint: { method: 'POST', path: '/webhooks' },
  updateWebhookEndpoint: { method: 'PUT', path: '/webhooks/:id' },
  deleteWebhookEndpoint: { method: 'DELETE', path: '/webhooks/:id' },
  setWebhookEndpointEnabled: { method: 'PUT', path: '/webhooks/:id/enabled' },
  rotateWebhookSecret: { method: 'POST', path: '/webhooks/:id/secret' },
  sendWebhookTestEvent: { method: 'POST', path: '/webhooks/:id/test' },
  listWebhookDeliveries: { method: 'GET', path: '/webhooks/:id/deliveries' },
  redeliverWebhookEvent: { method: 'POST', path: '/webhooks/:id/deliveries/:deliveryId/redeliver' },
  listEvents: { method: 'GET', path: '/events' },
  // Notification rules (issue 32)
  listNotificationRules: { method: 'GET', path: '/notificationRules' },
  createNotificationRule: { method: 'POST', path: '/notificationRules' },
  updateNotificationRule: { method: 'PUT', path: '/notificationRules/:id' },
  deleteNotificationRule: { method: 'DELETE', path: '/notificationRules/:id' },
  setRuleMailChoice: { method: 'PUT', path: '/notificationRules/mail' },
  // Session
  getServerProperties: { method: 'GET', path: '/config' },
  listCountries: { method: 'GET', path: '/country' },
  requestPasswordReset: { method: 'DELETE', path: '/me/password' },
  setMyLanguage: { method: 'PUT', path: '/me/language' },
  // EPP client certificates
  listEppCertificates: { method: 'GET', path: '/registrar/epp/certificates' },
  uploadEppCertificate: { method: 'PUT', path: '/registrar/epp/certificates/:slot' },
  removeEppCertificate: { method: 'DELETE', path: '/registrar/epp/certificates/:slot' },
  // Reference
  getOpenApiDocument: { method: 'GET', path: '/openapi.json' },
  // The EPP password's life (issue 31)
  getEppPasswordLife: { method: 'GET', path: '/registrar/epp/password/life' },
  requestEppPasswordResetLink: { method: 'POST', path: '/registrar/epp/password/resetLink' },
  checkEppPasswordResetLink: { method: 'POST', path: '/registrar/epp/password/resetLink/check' },
  setEppPasswordWithLink: { method: 'PUT', path: '/registrar/epp/password/resetLink' },
  // Account (the caller's own)
  getMyAccount: { method: 'GET', path: '/me/account' },
  changeMyPassword: { method: 'PUT', path: '/me/password' },
  startTotpEnrolment: { method: 'POST', path: '/me/totp' },
  confirmTotpEnrolment: { method: 'PUT', path: '/me/totp' },
  listMySessions: { method: 'GET', path: '/me/sessions' },
  endMySession: { method: 'DELETE', path: '/me/sessions/:sessionId' },
  endMyOtherSessions: { method: 'DELETE', path: '/me/sessions' },
  listMyPasskeys: { method: 'GET', path: '/me/passkeys' },
  startPasskeyRegistration: { method: 'POST', path: '/me/passkeys/options' },
  addPasskey: { method: 'POST', path: '/me/passkeys' },
  removePasskey: { method: 'DELETE', path: '/me/passkeys/:passkeyId' },
  renamePasskey: { method: 'PUT', path: '/me/passkeys/:passkeyId' },
} as const satisfies Record<string, { method: ApiMethod; path: string }>;

export type OperationId = keyof typeof operations;

/** Where every operation's path is served: `/services/domains/search`. */
export const servicesPrefix = '/services';

/** A table entry's id, method and path: `...operation('listUsers')`. */
export function operation<Id extends OperationId>(operationId: Id): { operationId: Id } & (typeof operations)[Id] {
  return { operationId, ...operations[operationId] };
}
