import type { z } from 'zod';
import { billingLineSchema, countrySchema, eppIpAddressesAnswer, protectedTransactionsSchema, registrarAnswer, registrarSchema } from './registrar';
import {
  domainRegistrationSchema,
  domainSearchResponseSchema,
  domainSearchResultSchema,
  domainTransferSchema,
  portfolioOverviewSchema,
  registryContactSchema,
} from './registrations';
import { historyAnswer, historyEntrySchema } from './history';
import { apiKeyCreatedAnswer, apiKeySchema, apiKeysAnswer, createdUserAnswer, panelUserSchema, usersAnswer } from './users';

/**
 * The answers' schemas the document names as components, by the contract type each stands for; a
 * call's `data` that is not here is named after its operation (`GetTransferResponse`).
 */
export const namedResponseSchemas: Readonly<Record<string, z.ZodType>> = {
  DomainSearchResult: domainSearchResultSchema,
  DomainSearchResponse: domainSearchResponseSchema,
  DomainRegistration: domainRegistrationSchema,
  DomainTransfer: domainTransferSchema,
  RegistryContact: registryContactSchema,
  PortfolioOverview: portfolioOverviewSchema,
  Registrar: registrarSchema,
  RegistrarResponse: registrarAnswer,
  ProtectedTransactions: protectedTransactionsSchema,
  BillingLine: billingLineSchema,
  EppIpAddressesResponse: eppIpAddressesAnswer,
  Country: countrySchema,
  PanelUser: panelUserSchema,
  UsersResponse: usersAnswer,
  CreatedUserResponse: createdUserAnswer,
  HistoryEntry: historyEntrySchema,
  HistoryResponse: historyAnswer,
  ApiKey: apiKeySchema,
  ApiKeysResponse: apiKeysAnswer,
  ApiKeyCreatedResponse: apiKeyCreatedAnswer,
};
