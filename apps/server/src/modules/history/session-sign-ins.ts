import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { decodeJwt } from 'jose';
import type { Config } from '../../config';
import { insertSessionSignIn } from './history.repository';

/** Sessions this instance has recorded already; forgotten all at once when it is full (the database still knows). */
const maxRemembered = 10_000;

/** The session id (`sid`) of the request's access token, already verified by the auth plugin. */
function sessionIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  try {
    const { sid } = decodeJwt(header.slice('Bearer '.length));
    return typeof sid === 'string' && sid !== '' ? sid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Ends the session of a user the API refused because their registrar may not sign in (BLOCKED,
 * DELETED; plugins/registrar-status.ts): the identity service ends the user's sessions, so that
 * no refresh or silent sign-in goes on issuing tokens the API refuses. Keycloak knows nothing of
 * the status and has recorded a successful login: the portal records the session's sign-in as
 * refused (`registrarBlocked`) in its place, once per session across every instance, and that
 * session is never recorded as a success. Each instance calls Keycloak once per session; the
 * embedded provider's sessions end with one query, at every refusal.
 */
export function endBlockedSessions(app: FastifyInstance, mode: Config['identity']['mode']): (request: FastifyRequest) => Promise<void> {
  const ended = new Set<string>();
  return async (request) => {
    if (mode === 'embedded') return app.userDirectory.endSessions(request.user.username);
    const sessionId = sessionIdOf(request);
    if (sessionId && ended.has(sessionId)) return;
    if (sessionId) await insertSessionSignIn(app.db, { username: request.user.username, ip: request.ip, sessionId, outcome: 'registrarBlocked' });
    await app.userDirectory.endSessions(request.user.username);
    if (!sessionId) return;
    if (ended.size >= maxRemembered) ended.clear();
    ended.add(sessionId);
  };
}

/**
 * Keycloak mode: Keycloak signs users in, so the portal sees no sign-in page. The registrar's history
 * still lists its users' sign-ins: the first API request of each new Keycloak session (the token's
 * `sid`) is recorded as a successful sign-in, from the caller's address, once per session across
 * every instance (docs/decisions.md). Failed sign-ins stay in Keycloak (user management reads them there),
 * except the portal's own refusal of a blocked registrar's session (`endBlockedSessions`).
 */
export const keycloakSessionSignIns = fp(async (app: FastifyInstance) => {
  const remembered = new Set<string>();
  app.addHook('preHandler', async (request) => {
    // An API key is no session and no sign-in (and its bearer is no JWT to read a `sid` from).
    if (!request.user || request.user.apiKey) return;
    const sessionId = sessionIdOf(request);
    if (!sessionId || remembered.has(sessionId)) return;
    await insertSessionSignIn(app.db, { username: request.user.username, ip: request.ip, sessionId });
    if (remembered.size >= maxRemembered) remembered.clear();
    remembered.add(sessionId);
  });
});
