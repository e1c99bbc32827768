import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../plugins/api-routes';
import { accountHandlers } from './account/account.routes';
import { apiKeyHandlers } from './api-keys/api-keys.routes';
import { serverPropertiesHandlers } from './config/config.routes';
import { countryHandlers } from './country/country.routes';
import { reconciliationHandlers } from './reconciliation/reconciliation.routes';
import { registrationHandlers } from './registrations/registrations.routes';
import { registrationHistoryHandlers } from './registration-history/registration-history.routes';
import { eppHandlers } from './epp/epp.routes';
import { eppCertificateHandlers } from './epp-certificates/epp-certificates.routes';
import { eppPasswordLifeHandlers } from './epp/epp-password-life.routes';
import { historyHandlers } from './history/history.routes';
import { meHandlers } from './me/me.routes';
import { openApiHandlers } from './openapi/openapi.routes';
import { registrarHandlers } from './registrar/registrar.routes';
import { userHandlers } from './users/users.routes';
import { eppConnectionHandlers } from './epp-connections/epp-connections.routes';
import { messageHandlers } from './messages/messages.routes';
import { notificationRuleHandlers } from './notification-rules/notification-rules.routes';
import { eventHandlers } from './events/events.routes';
import { webhookHandlers } from './webhooks/webhooks.routes';

/**
 * Every operation of the route table with its handler, by operation id: typed as the full map, so an
 * operation without a handler fails to compile here. `apiPrefix` is where the API is mounted (the document's server URL).
 */
export function apiHandlers(app: FastifyInstance, apiPrefix: string): ApiHandlers {
  return {
    ...registrationHandlers(app),
    ...reconciliationHandlers(app),
    ...registrationHistoryHandlers(app),
    ...registrarHandlers(app),
    ...eppHandlers(app),
    ...eppCertificateHandlers(app),
    ...historyHandlers(app),
    ...userHandlers(app),
    ...apiKeyHandlers(app),
    ...serverPropertiesHandlers(app.config),
    ...countryHandlers(),
    ...meHandlers(app),
    ...openApiHandlers(app.config, apiPrefix),
    ...eppPasswordLifeHandlers(app),
    ...eppConnectionHandlers(app),
    ...messageHandlers(app),
    ...notificationRuleHandlers(app),
    ...webhookHandlers(app),
    ...eventHandlers(app),
    ...accountHandlers(app),
  };
}
