import { apiKeyDisplayPrefix, apiKeyExpired, canonicalIpAddress, ipInRanges } from '@registrar-panel/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { unauthorized } from '../../errors';
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
 * one, unknown, wrong, revoked, expired, or used from an address it does not allow. Whether the
 * route opens to the key's scopes is checked with the roles, from the route's `apiKeyScope`
 * (plugins/api-routes.ts): 403 otherwise. Nothing is cached: a revocation holds from the next
 * request on, on every instance.
 */
export function apiKeyAuthenticator(db: Db): ApiKeyAuthenticator {
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

    return {
      username: apiKeyActorName(row.name, row.id),
      registrarHandle: row.registrarHandle,
      roles: [],
      firstName: '',
      lastName: '',
      email: '',
      ip: request.ip,
      apiKey: { id: row.id, name: row.name, scopes: scopesOf(row.scopes) },
    };
  };
}
