import type { MessageKey } from '../messages';
import { messageKeysOf } from './message-keys-of';
import type { ApiRoute, ErrorStatus } from './route';

/*
 * The failures a route can answer, each status with its message keys: what every `/services` route
 * shares (server: plugins/api-routes.ts with auth.ts, registrar-status.ts, route-limits.ts and
 * recent-authentication.ts; input-safety.ts; the envelope's error handler), what its schemas' rules say, and what its service adds (`errors`).
 */

const methodsThatRead = new Set(['GET']);

/** Status → message keys, statuses in ascending order. */
export function routeErrors(route: ApiRoute): Map<ErrorStatus, MessageKey[]> {
  const errors = new Map<ErrorStatus, Set<MessageKey>>();
  const add = (status: ErrorStatus, keys: Iterable<MessageKey>) => {
    const set = errors.get(status) ?? new Set<MessageKey>();
    for (const key of keys) set.add(key);
    errors.set(status, set);
  };
  // Text the database cannot hold, in the address, the query or the body: refused before any handler.
  add(400, ['error.invalidCharacters']);
  if (route.query) add(400, messageKeysOf(route.query, { root: false }));
  if (route.params) add(400, messageKeysOf(route.params, { root: false }));
  if (route.body) {
    add(400, ['error.badRequest', ...messageKeysOf(route.body)]);
    add(413, ['error.badRequest']);
    add(415, ['error.badRequest']);
  }
  if (route.access !== 'public') {
    add(401, ['error.unauthorized']);
    // A BLOCKED or DELETED registrar's users may do nothing; a SUSPENDED one's may only read.
    add(403, ['registrar.accessBlocked']);
    if (!methodsThatRead.has(route.method) && !route.allowedWhileSuspended) add(403, ['registrar.suspended']);
    // A role without the capability; and an API key outside its routes or scopes, on any route.
    add(403, ['error.forbidden']);
    // A sign-in older than the recent-authentication window, on a route that needs a recent one.
    if (route.recentAuthentication) add(403, ['error.recentSignInRequired']);
  }
  add(429, ['error.tooManyRequests']);
  add(500, ['error.internal']);
  for (const [status, keys] of Object.entries(route.errors ?? {})) add(Number(status) as ErrorStatus, keys ?? []);
  return new Map([...errors].sort(([a], [b]) => a - b).map(([status, keys]) => [status, [...keys].sort()]));
}
