import { changesAllowedWhileSuspended, type ServiceCall } from '../registrar-status';
import { routeKey, type ApiRoute } from './route';
import { referenceRoutes } from './routes/reference';
import { registrarRoutes } from './routes/registrar';
import { registrationRoutes } from './routes/registrations';
import { apiKeyManagementRoutes } from './routes/api-keys';
import { historyRoutes } from './routes/history';
import { sessionRoutes } from './routes/session';
import { userRoutes } from './routes/users';

/**
 * Every `/services` route the server registers, in the document's order: the one list the OpenAPI
 * document is generated from (api/openapi.ts). The server's drift test (modules/openapi/) fails
 * when a route is registered that is not here, or listed here and not registered.
 */
export const apiRoutes: readonly ApiRoute[] = [
  ...registrationRoutes,
  ...registrarRoutes,
  ...historyRoutes,
  ...userRoutes,
  ...apiKeyManagementRoutes,
  ...sessionRoutes,
  ...referenceRoutes,
  // Marked from the status rule's own list, which the web reads too (registrar-status.ts).
].map((route) => (changesAllowedWhileSuspended.includes(routeKey(route) as ServiceCall) ? { ...route, allowedWhileSuspended: true as const } : route));
