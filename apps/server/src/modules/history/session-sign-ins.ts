import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { decodeJwt } from 'jose';
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
 * Keycloak mode: Keycloak signs users in, so the portal sees no sign-in page. The registrar's history
 * still lists its users' sign-ins: the first API request of each new Keycloak session (the token's
 * `sid`) is recorded as a successful sign-in, from the caller's address, once per session across
 * every instance (docs/decisions.md). Failed sign-ins stay in Keycloak (user management reads them there).
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
