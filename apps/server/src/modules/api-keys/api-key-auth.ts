import { apiKeyDisplayPrefix, apiKeyExpired, apiKeyScopeOf, canonicalIpAddress, ipInRanges } from '@registrar-panel/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { forbidden, unauthorized } from '../../errors';
import type { ApiKeyAuthenticator, SignedInUser } from '../../plugins/auth';
import { apiKeyIdOf, keyMatchesHash } from './api-key-secret';
import { scopesOf } from './api-keys.presenter';
import { findApiKeyById, recordApiKeyUse } from './api-keys.repository';

/** A key's last use is written at most this often: a script's burst costs one write, not one per request. */
export const lastUseIntervalSeconds = 60;

/**
 * How a key appears where a username would: the audit trail's actor (the registrar's history shows
 * it as is) and the `createdBy`-style texts. It holds no `@`, so it never reads as a panel user of
 * any registrar, and it names the key by the prefix the API keys page shows.
 */
export function apiKeyActorName(name: string, id: string): string {
  return `API key ${name} (${apiKeyDisplayPrefix(id)})`;
}

/**
 * The key path of authentication (plugins/auth.ts hands it every bearer that starts with
 * `apiKeyPrefix`). 401, the same answer as a bad token and no more said, for a key that is not
 * one, unknown, wrong, revoked, expired, or used from an address it does not allow; then 403 for a
 * route outside `apiKeyRoutes` or a scope the key lacks. Nothing is cached: a revocation holds
 * from the next request on, on every instance.
 *
 * `routePrefix` is where the API is mounted (`/services`): `apiKeyRoutes` names routes without it.
 */
export function apiKeyAuthenticator(db: Db, options: { routePrefix: string }): ApiKeyAuthenticator {
  return async (key: string, request: FastifyRequest): Promise<SignedInUser> => {
    const id = apiKeyIdOf(key);
    if (id === undefined) throw unauthorized();
    const row = await findApiKeyById(db, id);
    if (!row || !keyMatchesHash(key, row.secretHash)) throw unauthorized();
    if (row.revokedAt !== null || apiKeyExpired(row.expiresOn)) throw unauthorized();
    // request.ip is the client's as TRUST_PROXY decides (app.ts): a client cannot pick its own.
    if (row.allowedAddresses.length > 0 && !ipInRanges(request.ip, row.allowedAddresses)) throw unauthorized();

    // Read first, so that most requests skip the write; the statement itself decides under parallel requests.
    if (row.lastUsedAt === null || Date.now() - row.lastUsedAt.getTime() >= lastUseIntervalSeconds * 1000) {
      await recordApiKeyUse(db, { id: row.id, ip: canonicalIpAddress(request.ip) ?? request.ip, intervalSeconds: lastUseIntervalSeconds });
    }

    const scopes = scopesOf(row.scopes);
    const url = request.routeOptions.url;
    const route = url?.startsWith(`${options.routePrefix}/`) ? url.slice(options.routePrefix.length) : undefined;
    const needed = route === undefined ? undefined : apiKeyScopeOf(request.method, route);
    if (needed === undefined || !scopes.includes(needed)) throw forbidden();

    return {
      username: apiKeyActorName(row.name, row.id),
      registrarHandle: row.registrarHandle,
      roles: [],
      firstName: '',
      lastName: '',
      email: '',
      ip: request.ip,
      apiKey: { id: row.id, name: row.name, scopes },
    };
  };
}
