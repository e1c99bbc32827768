import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import {
  exportPortfolioChanges,
  exportPortfolioOnDate,
  getPortfolioChangeCounts,
  getPortfolioChanges,
  getPortfolioOnDate,
  getPortfolioOnDateCount,
  getRegistrationTimeline,
  type RegistrationHistoryDeps,
} from './registration-history.service';

type RegistrationHistoryOperation =
  | 'getPortfolioOnDate'
  | 'getPortfolioOnDateCount'
  | 'exportPortfolioOnDate'
  | 'getPortfolioChanges'
  | 'getPortfolioChangeCounts'
  | 'exportPortfolioChanges'
  | 'getRegistrationTimeline';

/** The registrations' past: the portfolio on a date and the changes between two dates, each with its count and its CSV, one registration's timeline. */
export function registrationHistoryHandlers(app: FastifyInstance): Pick<ApiHandlers, RegistrationHistoryOperation> {
  const deps = (reads: RegistrationHistoryDeps['database']['reads']): RegistrationHistoryDeps => ({ database: { db: app.db, reads }, tld: app.config.tld });
  return {
    getPortfolioOnDate: async ({ query }, { user, reads }) => getPortfolioOnDate(deps(reads), user, query),
    getPortfolioOnDateCount: async ({ query }, { user, reads }) => getPortfolioOnDateCount(deps(reads), user, query),
    exportPortfolioOnDate: async ({ query }, { user, reads }) => exportPortfolioOnDate(deps(reads), user, query),
    getPortfolioChanges: async ({ query }, { user, reads }) => getPortfolioChanges(deps(reads), user, query),
    getPortfolioChangeCounts: async ({ query }, { user, reads }) => getPortfolioChangeCounts(deps(reads), user, query),
    exportPortfolioChanges: async ({ query }, { user, reads }) => exportPortfolioChanges(deps(reads), user, query),
    getRegistrationTimeline: async ({ params, query }, { user, reads }) => getRegistrationTimeline(deps(reads), user, params.domainName, query.page),
  };
}
