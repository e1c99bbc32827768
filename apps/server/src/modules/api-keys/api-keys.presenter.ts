import { apiKeyDisplayPrefix, apiKeyScopes, apiKeyStateOf, type ApiKey, type ApiKeyScope } from '@registrar-panel/contract';
import type { ApiKeyRow } from './api-keys.repository';

/** Scopes as stored, each a known scope (a name no longer known is dropped, never widened). */
export function scopesOf(stored: readonly string[]): ApiKeyScope[] {
  return apiKeyScopes.filter((scope) => stored.includes(scope));
}

/** A key as the API lists it: never its hash, nor the claim of its expiry notice. */
export function presentApiKey(row: ApiKeyRow, now: Date = new Date()): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: apiKeyDisplayPrefix(row.id),
    scopes: scopesOf(row.scopes),
    allowedAddresses: [...row.allowedAddresses],
    expiresOn: row.expiresOn,
    state: apiKeyStateOf(row, now),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy: row.revokedBy,
  };
}
