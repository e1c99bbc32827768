import { changesAllowedWhileSuspended, type ServiceCall } from '../registrar-status';
import type { OperationId } from './operations';
import { routeKey, type ApiRoute } from './route';
import { accountRoutes } from './routes/account';
import { apiKeyManagementRoutes } from './routes/api-keys';
import { eppCertificateRoutes } from './routes/epp-certificates';
import { eppPasswordLifeRoutes } from './routes/epp-password-life';
import { eppConnectionRoutes } from './routes/epp-connections';
import { historyRoutes } from './routes/history';
import { notificationRuleRoutes } from './routes/notification-rules';
import { referenceRoutes } from './routes/reference';
import { registrarRoutes } from './routes/registrar';
import { reconciliationRoutes } from './routes/reconciliation';
import { registrationRoutes } from './routes/registrations';
import { registrationHistoryRoutes } from './routes/registration-history';
import { sessionRoutes } from './routes/session';
import { registryMessageRoutes } from './routes/registry-messages';
import { userRoutes } from './routes/users';
import { eventStreamRoutes, webhookRoutes } from './routes/webhooks';

/**
 * Every `/services` route, in the document's order, with its entries' literal types kept: the
 * server registers its routes from this table (handlers typed by each entry's schemas), the web's
 * client takes its input and answer types from it, and the OpenAPI document is generated from it.
 */
export const routeTable = [
  ...registrationRoutes,
  ...reconciliationRoutes,
  ...registrationHistoryRoutes,
  ...registrarRoutes,
  ...eppCertificateRoutes,
  ...eppConnectionRoutes,
  ...registryMessageRoutes,
  ...notificationRuleRoutes,
  ...historyRoutes,
  ...userRoutes,
  ...apiKeyManagementRoutes,
  ...webhookRoutes,
  ...eventStreamRoutes,
  ...sessionRoutes,
  ...referenceRoutes,
  ...eppPasswordLifeRoutes,
  ...accountRoutes,
] as const satisfies readonly ApiRoute[];

/** One entry of the table, by its operation id. */
export type RouteEntry = (typeof routeTable)[number];
export type RouteOf<Id extends OperationId> = Extract<RouteEntry, { operationId: Id }>;

// Every operation of the map has its entry (a missing one fails to compile here).
type Unlisted = Exclude<OperationId, RouteEntry['operationId']>;
const everyOperationListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyOperationListed;

/** The table as the document and the tests read it; `allowedWhileSuspended` marked from the status rule's own list, which the web reads too. */
export const apiRoutes: readonly ApiRoute[] = routeTable.map((route: ApiRoute) =>
  changesAllowedWhileSuspended.includes(routeKey(route) as ServiceCall) ? { ...route, allowedWhileSuspended: true as const } : route,
);
