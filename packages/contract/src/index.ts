export * from './envelope';
export * from './messages';
export * from './message-texts';
export * from './limits';
export * from './roles';
export * from './validation';
export * from './config';
export * from './registrar';
export * from './registrar-status';
export * from './epp';
export * from './epp-password-life';
export * from './epp-password-links';
export * from './domains';
export * from './portfolio';
export * from './users';
export * from './history';
export * from './brussels-time';
export * from './time-zone';
export * from './languages';
export * from './language-choice';
export * from './language-formats';
export * from './dates';
export * from './api-keys';
export * from './epp-certificates';
export * from './ip-ranges';
export * from './visible-text';
export * from './events';
export * from './webhooks';
export * from './account';
export * from './registration-changes';
export * from './notification-rules';
export * from './reconciliation';
export * from './registration-history';
// The operations' methods and paths, for the web's client (no zod: the route table itself stays in the `api` subpath).
export { operations, servicesPrefix, type OperationId } from './api/operations';
// The route table's marks of the message keys the web shows its own way (zod-free copy, held equal to the entries by a test).
export { handledKeysOf, webHandledKeys, type HandledKey } from './api/web-handled-keys';

// The answers' types: each is its schema's `z.output` in api/responses/ (type-only, so the web's bundles hold no schema).
export type {
  EndedSessionsResponse,
  MyAccount,
  MyPasskey,
  MyPasskeysResponse,
  MySession,
  MySessionsResponse,
  PasskeyOptions,
  TotpEnrolment,
} from './api/responses/account';
export type { AuditDetails, AuditHistoryEntry, HistoryEntry, HistoryResponse, PersonalDataHistoryEntry, SignInHistoryEntry } from './api/responses/history';
export type { EppCertificate, EppCertificatesResponse } from './api/responses/epp-certificates';
export type {
  AbuseContact,
  Address,
  BillingLine,
  Country,
  EppIpAddressesResponse,
  EppPasswordRequiredResponse,
  MainContact,
  ProtectedTransactions,
  PublicContact,
  Registrar,
  RegistrarResponse,
  ServerProperties,
  WhoisContact,
} from './api/responses/registrar';
export type {
  ContactAddress,
  DelegationSigner,
  DomainRegistration,
  DomainSearchResponse,
  DomainSearchResult,
  DomainStatusEntry,
  DomainTransfer,
  IanaEntry,
  Nameserver,
  PortfolioOverview,
  RegistrantSummary,
  RegistryContact,
} from './api/responses/registrations';
export type {
  ActivityEntry,
  ActivityResponse,
  ApiKey,
  ApiKeyCreatedResponse,
  ApiKeysResponse,
  CreatedUserResponse,
  LoginAttempt,
  LoginAttemptsResponse,
  PanelUser,
  PasskeyPolicy,
  RemovedPasskeys,
  UsersResponse,
} from './api/responses/users';
export type { EppPasswordLife, EppPasswordResetLinkSent, EppPasswordResetLinkState } from './api/responses/epp-password-life';
export * from './epp-connections';
export * from './registry-messages';
export * from './registry-message-limits';
export type { EppConnectionsResponse } from './api/responses/epp-connections';
export type { RegistryMessage, RegistryMessagesResponse, UnreadRegistryMessagesResponse } from './api/responses/registry-messages';
export type {
  EventStreamResponse,
  StreamEvent,
  WebhookAttempt,
  WebhookAttemptResponse,
  WebhookDeliveriesResponse,
  WebhookEndpoint,
  WebhookEndpointResponse,
  WebhookEndpointsResponse,
  WebhookSecretResponse,
} from './api/responses/webhooks';
export type { NotificationRule, NotificationRuleResponse, NotificationRulesResponse } from './api/responses/notification-rules';
export type { ReconciliationResult, ReconciliationResultsResponse, ReconciliationRun, ReconciliationRunsResponse } from './api/responses/reconciliation';
export type {
  PortfolioChange,
  PortfolioChangeCountsResponse,
  PortfolioChangesResponse,
  PortfolioOnDateCountResponse,
  PortfolioOnDateResponse,
  PortfolioOnDateRow,
  RegistrationTimelineResponse,
  RegistrationVersion,
  RegistrationVersionState,
} from './api/responses/registration-history';
