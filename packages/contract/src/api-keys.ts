import type { Capability } from './roles';

/*
 * API keys (issue 18): how a registrar's own tooling reads the API without a browser session.
 * This module is the one home of what a key may do: its scopes, each scope's capability from the
 * role table, and the exact routes a key opens. The server admits a key only on these routes; the
 * OpenAPI document marks them from this list; a test checks both against the registered routes.
 */

/** What a key may read. Each maps onto a capability a SUPPORT, TECH or FINANCE user holds; none writes. */
export const apiKeyScopes = ['registrations', 'billing', 'domainReport'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** The role table's capability each scope stands for. */
export const apiKeyScopeCapabilities = {
  registrations: 'readRegistrations',
  billing: 'readBilling',
  domainReport: 'downloadDomainReport',
} as const satisfies Record<ApiKeyScope, Capability>;

/**
 * The `/services` routes a key may call (method and path as Fastify registers them, without the
 * `/services` prefix), each with the scope it needs. Only reads: no key ever writes, manages users
 * or touches EPP settings. Any other route answers 403 to a key.
 */
export const apiKeyRoutes = {
  'GET /domains/search': 'registrations',
  'GET /domains/search/csv': 'registrations',
  'GET /domains/overview': 'registrations',
  'GET /domains/overview/forecast/csv': 'registrations',
  'GET /domains/:domainName': 'registrations',
  'GET /transfer/:domainName': 'registrations',
  'GET /contacts/:handle': 'registrations',
  'GET /registrar/finance/billingLines': 'billing',
  'GET /registrar/finance/billingLines/csv': 'billing',
  'GET /registrar/:handle/report/domains/csv': 'domainReport',
} as const satisfies Record<string, ApiKeyScope>;
export type ApiKeyRoute = keyof typeof apiKeyRoutes;

/** The scope a route needs of a key, or undefined when no key may call it. */
export function apiKeyScopeOf(method: string, path: string): ApiKeyScope | undefined {
  return (apiKeyRoutes as Record<string, ApiKeyScope>)[`${method.toUpperCase()} ${path}`];
}

/**
 * A key as the caller sends it: `Authorization: Bearer rpk_<id>_<secret>`. The fixed prefix tells it
 * from a JWT (which never starts with it); the id finds the stored hash; only the secret's hash is kept.
 */
export const apiKeyPrefix = 'rpk_';

/** Whether a key can be used now: revoked and expired keys stay listed, for the record. */
export type ApiKeyState = 'active' | 'expired' | 'revoked';

/** A key as `GET /services/apiKeys` lists it (never its secret or hash). */
export interface ApiKey {
  id: string;
  name: string;
  /** The start of the key the registrar can recognise it by: `rpk_<id>`. */
  prefix: string;
  scopes: ApiKeyScope[];
  /** Addresses or CIDR ranges it may be used from; empty for anywhere. */
  allowedAddresses: string[];
  /** The last day it works (Brussels); it stops at 00:00 the next day. */
  expiresOn: string;
  state: ApiKeyState;
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
}

/** `GET /services/apiKeys`. */
export interface ApiKeysResponse {
  apiKeys: ApiKey[];
}

/** `POST /services/apiKeys`: the new key, and its secret, shown this once. */
export interface ApiKeyCreatedResponse {
  apiKey: ApiKey;
  secret: string;
}
