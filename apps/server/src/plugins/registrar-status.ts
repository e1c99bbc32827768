import type { FastifyRequest } from 'fastify';
import type { ApiRoute } from '@registrar-panel/contract/api';
import { isChangeMethod, statusRefusal } from '@registrar-panel/contract';
import { AppError } from '../errors';
import type { RegistrarStatusCache } from '../db/registrar-status-cache';

export interface RegistrarStatusGateOptions {
  /**
   * Told of each request of a user refused because the registrar may not sign in (BLOCKED,
   * DELETED), before the 403 goes out: that user's session ends there (modules/history/session-sign-ins.ts).
   */
  onAccessBlocked?: (request: FastifyRequest) => Promise<void>;
}

/**
 * The registrar status step of the API's routes (plugins/api-routes.ts), after authentication: it
 * applies the registrar status policy (packages/contract/src/registrar-status.ts): 403
 * `registrar.accessBlocked` for any request of a BLOCKED or DELETED registrar's user, whatever
 * issued the token (the embedded service or Keycloak), ending the user's session, and 403
 * `registrar.suspended` for any change of a SUSPENDED one's, before the body is read or any service
 * runs. Changes are told by their method, so a change route added later is refused too without
 * naming it here; only an entry's `allowedWhileSuspended` lets a change through for a SUSPENDED
 * registrar (a user's own password reset mail, revoking an API key).
 *
 * The registry's feed may change the status at any moment, on any instance of a fleet, and a
 * session open at that moment must end at its next request: the status comes from the instance's
 * cache, which PostgreSQL tells of every change at its commit and which reads the database itself
 * whenever it cannot be told (db/registrar-status-cache.ts). A request already past this gate when
 * the status changes still completes, as any request in flight does.
 */
export function registrarStatusGate(statuses: RegistrarStatusCache, options: RegistrarStatusGateOptions) {
  return async (request: FastifyRequest, route: Pick<ApiRoute, 'allowedWhileSuspended'>): Promise<void> => {
    const status = await statuses.statusOf(request.user.registrarHandle);
    // No such registrar: nothing to gate here; the services answer 404 for a registrar they cannot find.
    if (status === undefined) return;
    // Every method but GET, HEAD and OPTIONS is a change unless its entry says `allowedWhileSuspended`.
    const changes = isChangeMethod(request.method) && route.allowedWhileSuspended !== true;
    const refusal = statusRefusal(status, changes);
    if (!refusal) return;
    // An API key is no session: revoking it is the registrar's business, not the identity service's.
    if (refusal === 'registrar.accessBlocked' && !request.user.apiKey && options.onAccessBlocked) {
      // The refusal is the answer whatever happens to the session: a failure is logged, not answered.
      await options.onAccessBlocked(request).catch((error: unknown) => {
        request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'ending the session of a blocked registrar failed');
      });
    }
    throw AppError.of(403, refusal);
  };
}
