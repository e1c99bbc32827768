import { z } from 'zod';
import { apiKeyScopes, apiKeyStates } from '../../api-keys';
import { panelRoles } from '../../roles';

/*
 * What user management and API keys answer in `data` (see registrations.ts for why
 * here). Each schema is the one home of its shape: the contract's main entry re-exports the types
 * below with `export type`, so the web reads them without bundling these schemas.
 */

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });

/** A panel user as the user API presents it; the username carries '@' plus the registrar handle. */
export const panelUserSchema = z.object({
  username: z.string().meta({ description: "The full username: the name, '@' and the registrar handle." }),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(panelRoles)),
  /** Not signed in yet: the activation mail can be sent again (`POST …/{username}/activation`). */
  awaitingActivation: z.boolean().meta({ description: 'Not signed in yet: the activation mail can be sent again.' }),
  /** Kept from signing in by an ADMIN (`PUT …/{username}/enabled`) or because their access ended. */
  disabled: z.boolean(),
  /** The last day, in Brussels, the user may sign in (`YYYY-MM-DD`), or null for no end. */
  accessEnd: z.string().nullable().meta({ description: 'The last day, in Brussels, the user may sign in (`YYYY-MM-DD`), or null for no end.' }),
  /** The user's second factors: the authenticator app, and how many passkeys. */
  secondFactors: z
    .object({ totp: z.boolean(), passkeys: z.number().int() })
    .meta({ description: 'The second factors the user has: the authenticator app (`totp`) and how many passkeys.' }),
});
export type PanelUser = z.output<typeof panelUserSchema>;

/** `GET /services/users`: the registrar's own users, ADMIN users first, then by name. */
export const usersAnswer = z.object({ users: z.array(panelUserSchema) });
export type UsersResponse = z.output<typeof usersAnswer>;

/** `POST /services/users`: the user as created, with the registrar suffix on the username. */
export const createdUserAnswer = z.object({
  user: panelUserSchema,
  /** 'failed': the user exists but the activation mail could not be sent; the ADMIN can send it again. */
  activationMail: z.enum(['sent', 'failed']).meta({ description: "'failed': the user exists, but the activation mail could not be sent; send it again." }),
});
export type CreatedUserResponse = z.output<typeof createdUserAnswer>;

const activityEntrySchema = z.object({ timestamp, status: z.string(), ip: z.string().optional() });
export type ActivityEntry = z.output<typeof activityEntrySchema>;
/** `DELETE /services/users/{username}/passkeys`: how many passkeys were removed. */
export const removedPasskeysAnswer = z.object({ removed: z.number().int() });
export type RemovedPasskeys = z.output<typeof removedPasskeysAnswer>;

/** `GET` and `PUT /services/registrar/passkeyPolicy`: whether the registrar requires passkeys of its users. */
export const passkeyPolicyAnswer = z.object({
  required: z.boolean(),
  available: z.boolean().meta({ description: 'False when the portal cannot offer passkeys (see `unavailableReason`): the setting then has no effect.' }),
  unavailableReason: z.enum(['ipAddress']).nullable().meta({
    description:
      "`ipAddress`: the portal's address is an IP address, which browsers refuse for passkeys. With Keycloak the requirement applies there too (a user attribute its sign-in flow reads).",
  }),
});
export type PasskeyPolicy = z.output<typeof passkeyPolicyAnswer>;

/** `GET /services/users/{username}/activity`: newest first. */
export const activityAnswer = z.object({ results: z.array(activityEntrySchema) });
export type ActivityResponse = z.output<typeof activityAnswer>;

const loginAttemptSchema = z.object({ timestamp, ip: z.string().optional(), status: z.string().optional() });
export type LoginAttempt = z.output<typeof loginAttemptSchema>;
/** `GET /services/users/{username}/loginAttempts`: newest first. */
export const loginAttemptsAnswer = z.object({ results: z.array(loginAttemptSchema) });
export type LoginAttemptsResponse = z.output<typeof loginAttemptsAnswer>;

/** A key as `GET /services/apiKeys` lists it (never its secret or hash). */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The start of the key the registrar can recognise it by: `rpk_<id>`. */
  prefix: z.string().meta({ description: 'The start of the key it can be recognised by: `rpk_<id>`.' }),
  scopes: z.array(z.enum(apiKeyScopes)),
  /** Addresses or CIDR ranges it may be used from; empty for anywhere. */
  allowedAddresses: z.array(z.string()).meta({ description: 'Addresses or CIDR ranges it may be used from; empty for anywhere.' }),
  /** The last day it works (Brussels); it stops at 00:00 the next day. */
  expiresOn: z.string().meta({ description: 'The last day it works (Brussels, `YYYY-MM-DD`); it stops at 00:00 the next day.' }),
  state: z.enum(apiKeyStates),
  createdAt: timestamp,
  createdBy: z.string(),
  lastUsedAt: timestamp.nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: timestamp.nullable(),
  revokedBy: z.string().nullable(),
});
export type ApiKey = z.output<typeof apiKeySchema>;

/** `GET /services/apiKeys`. */
export const apiKeysAnswer = z.object({ apiKeys: z.array(apiKeySchema) });
export type ApiKeysResponse = z.output<typeof apiKeysAnswer>;

/** `POST /services/apiKeys`: the new key, and its secret, shown this once. */
export const apiKeyCreatedAnswer = z.object({
  apiKey: apiKeySchema,
  /** The whole key, `rpk_<id>_<secret>`, exactly as it is sent in `Authorization: Bearer …`. */
  secret: z.string().meta({ description: 'The whole key, `rpk_<id>_<secret>`: shown this once, never again.' }),
});
export type ApiKeyCreatedResponse = z.output<typeof apiKeyCreatedAnswer>;
export const revokedApiKeyAnswer = z.object({ apiKey: apiKeySchema });
