import { z } from 'zod';
import { brusselsDay } from './brussels-time';
import { calendarDateField } from './dates';
import { canonicalIpRange, isEveryAddress } from './ip-ranges';
import type { Capability } from './roles';
import { requiredText } from './validation';

/*
 * API keys: how a registrar's own tooling reads the API without a browser session.
 * This module is the one home of a key's scopes and each scope's capability from the role table;
 * the routes a key opens say so in their route table entry (`apiKeyScope`, api/route.ts), from
 * which the server admits keys and the OpenAPI document marks them.
 */

/** What a key may read. Each maps onto a capability a SUPPORT, TECH or FINANCE user holds; none writes. */
export const apiKeyScopes = ['registrations', 'billing', 'domainReport', 'events'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** The role table's capability each scope stands for. */
export const apiKeyScopeCapabilities = {
  registrations: 'readRegistrations',
  billing: 'readBilling',
  domainReport: 'downloadDomainReport',
  events: 'readEvents',
} as const satisfies Record<ApiKeyScope, Capability>;

/**
 * A key as the caller sends it: `Authorization: Bearer rpk_<id>_<secret>`. The fixed prefix tells it
 * from a JWT (which never starts with it); the id finds the stored hash; only the secret's hash is kept.
 */
export const apiKeyPrefix = 'rpk_';

/** Whether a key can be used now: revoked and expired keys stay listed, for the record. */
export const apiKeyStates = ['active', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof apiKeyStates)[number];

/** The bounds of API keys; the one home of these numbers (server, web form, README). */
export const apiKeyLimits = {
  nameMaxLength: 64,
  /** Addresses or CIDR ranges one key may list. */
  maxAllowedAddresses: 20,
  /** Keys a registrar may hold at once that are neither revoked nor expired. */
  maxActiveKeys: 25,
  /** The furthest expiry day, counted in calendar days from today (Brussels). */
  maxValidityDays: 365,
  /** How many days before its expiry day the registrar is reminded of a key, once. */
  expiryNoticeDays: 14,
} as const;

/** A calendar day (`YYYY-MM-DD`) `days` later; calendar arithmetic, so no time zone or DST shift. */
export function addCalendarDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The expiry days a new key may have: from today (Brussels) to `maxValidityDays` ahead, both included. */
export function apiKeyExpiryBounds(today: string): { first: string; last: string } {
  return { first: today, last: addCalendarDays(today, apiKeyLimits.maxValidityDays) };
}

/**
 * The expiry rule, as for a user's access end day: a key works up to the end of its expiry day in
 * Brussels, and is refused from 00:00 Europe/Brussels the next day.
 */
export function apiKeyExpired(expiresOn: string, at: Date = new Date()): boolean {
  return expiresOn < brusselsDay(at);
}

/** A key's state at an instant: revoked first (for good), then expired. */
export function apiKeyStateOf(key: { revokedAt: string | Date | null; expiresOn: string }, at: Date = new Date()): ApiKeyState {
  if (key.revokedAt !== null) return 'revoked';
  return apiKeyExpired(key.expiresOn, at) ? 'expired' : 'active';
}

/** Whether a key's scopes grant a capability: the capability check a key gets instead of roles. */
export function apiKeyCan(scopes: readonly ApiKeyScope[], capability: Capability): boolean {
  return scopes.some((scope) => apiKeyScopeCapabilities[scope] === capability);
}

/** What the registrar recognises a key by (`ApiKey.prefix`): the fixed prefix and the key's public id. */
export function apiKeyDisplayPrefix(id: string): string {
  return `${apiKeyPrefix}${id}`;
}

/**
 * A name goes into mail subjects and bodies and the history: no control characters (newlines,
 * tabs), no invisible format characters (text-direction overrides, zero-width spaces) and no line
 * or paragraph separators, which could make it read as something else there.
 */
const plainName = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u;

/**
 * `POST /services/apiKeys`, checked against today's day in Brussels. Addresses come back in
 * canonical form (`canonicalIpRange`); a message about one address names it by its index as sent
 * (`allowedAddresses.3`). Blank entries are refused like any other text that is not an address.
 */
export function createApiKeySchema(today: string) {
  const { first, last } = apiKeyExpiryBounds(today);
  return z.object({
    name: requiredText(apiKeyLimits.nameMaxLength).regex(plainName, { error: 'validation.pattern' }),
    scopes: z
      .array(z.enum(apiKeyScopes, { error: 'validation.apiKeyScope' }), { error: 'validation.apiKeyScopes' })
      .min(1, { error: 'validation.apiKeyScopes' })
      .refine((scopes) => new Set(scopes).size === scopes.length, { error: 'validation.apiKeyScopeDuplicate' }),
    expiresOn: calendarDateField('validation.apiKeyExpiry').refine((day) => day >= first && day <= last, { error: 'validation.apiKeyExpiry' }),
    allowedAddresses: z
      .array(z.string({ error: 'validation.apiKeyAddress' }), { error: 'validation.apiKeyAddress' })
      // Aborts: the entries of an over-long list are not checked one by one.
      .max(apiKeyLimits.maxAllowedAddresses, { error: 'validation.apiKeyAddressesTooMany', abort: true })
      .default([])
      .superRefine((entries, context) => {
        const seen = new Set<string>();
        entries.forEach((entry, index) => {
          const canonical = canonicalIpRange(entry);
          if (canonical === null) context.addIssue({ code: 'custom', message: 'validation.apiKeyAddress', path: [index] });
          else if (isEveryAddress(canonical)) context.addIssue({ code: 'custom', message: 'validation.apiKeyAddressEverywhere', path: [index] });
          else if (seen.has(canonical)) context.addIssue({ code: 'custom', message: 'validation.apiKeyAddressDuplicate', path: [index] });
          seen.add(canonical ?? '');
        });
      })
      .transform((entries) => entries.map((entry) => canonicalIpRange(entry) ?? entry)),
  });
}
/** The request as the web sends it. */
export type CreateApiKeyInput = z.input<ReturnType<typeof createApiKeySchema>>;
/** The request once checked: addresses in canonical form. */
export type CreateApiKey = z.output<ReturnType<typeof createApiKeySchema>>;
