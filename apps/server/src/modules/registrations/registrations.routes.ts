import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { contactHandlers } from './contact.routes';
import { domainHandlers } from './domain.routes';
import { portfolioHandlers } from './portfolio.routes';
import { searchHandlers } from './search.routes';

type RegistrationOperation =
  'searchRegistrations' | 'exportRegistrations' | 'getPortfolioOverview' | 'exportRenewalForecast' | 'getRegistration' | 'getTransfer' | 'getContact';

/** Registrations: search (and its export), the portfolio overview, one registration, its transfer status, and the contacts on it. */
export function registrationHandlers(app: FastifyInstance): Pick<ApiHandlers, RegistrationOperation> {
  return { ...searchHandlers(app), ...portfolioHandlers(app), ...domainHandlers(app), ...contactHandlers(app) };
}
