import { z } from 'zod';
import { apiKeyScopes, type ApiKey, type ApiKeyCreatedResponse, type ApiKeysResponse } from '../../api-keys';
import { auditActions, type HistoryEntry, type HistoryResponse } from '../../history';
import { panelRoles } from '../../roles';
import type { ActivityResponse, CreatedUserResponse, LoginAttemptsResponse, PanelUser, UsersResponse } from '../../users';
import { exactly } from '../exact';

/* What user management, the history and API keys answer in `data` (see registrations.ts for why here). */

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });

export const panelUserSchema = exactly<PanelUser>()(
  z.object({
    username: z.string().meta({ description: "The full username: the name, '@' and the registrar handle." }),
    name: z.string(),
    email: z.string(),
    roles: z.array(z.enum(panelRoles)),
    awaitingActivation: z.boolean().meta({ description: 'Not signed in yet: the activation mail can be sent again.' }),
    disabled: z.boolean(),
    accessEnd: z.string().nullable().meta({ description: 'The last day, in Brussels, the user may sign in (`YYYY-MM-DD`), or null for no end.' }),
  }),
);

export const usersAnswer = exactly<UsersResponse>()(z.object({ users: z.array(panelUserSchema) }));
export const createdUserAnswer = exactly<CreatedUserResponse>()(
  z.object({
    user: panelUserSchema,
    activationMail: z.enum(['sent', 'failed']).meta({ description: "'failed': the user exists, but the activation mail could not be sent; send it again." }),
  }),
);
export const activityAnswer = exactly<ActivityResponse>()(
  z.object({ results: z.array(z.object({ timestamp, status: z.string(), ip: z.string().optional() })) }),
);
export const loginAttemptsAnswer = exactly<LoginAttemptsResponse>()(
  z.object({ results: z.array(z.object({ timestamp, ip: z.string().optional(), status: z.string().optional() })) }),
);

export const historyEntrySchema = exactly<HistoryEntry>()(
  z.object({
    id: z.string().meta({ description: 'Unique within the history: `a…` an audit entry, `s…` a sign-in.' }),
    at: timestamp,
    username: z.string().nullable(),
    action: z.union([z.enum(auditActions), z.templateLiteral(['signIn.', z.string()])]),
    details: z.record(z.string(), z.unknown()).meta({ description: 'What the action changed or asked for; never a secret.' }),
    ip: z.string().nullable(),
  }),
);
export const historyAnswer = exactly<HistoryResponse>()(
  z.object({
    entries: z.array(historyEntrySchema),
    page: z.number().int(),
    total: z.number().int(),
    totalCapped: z.boolean().meta({ description: 'More match than can be paged through: narrow the filters or export as CSV.' }),
    pageCount: z.number().int(),
  }),
);

export const apiKeySchema = exactly<ApiKey>()(
  z.object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: 'The start of the key it can be recognised by: `rpk_<id>`.' }),
    scopes: z.array(z.enum(apiKeyScopes)),
    allowedAddresses: z.array(z.string()).meta({ description: 'Addresses or CIDR ranges it may be used from; empty for anywhere.' }),
    expiresOn: z.string().meta({ description: 'The last day it works (Brussels, `YYYY-MM-DD`); it stops at 00:00 the next day.' }),
    state: z.enum(['active', 'expired', 'revoked']),
    createdAt: timestamp,
    createdBy: z.string(),
    lastUsedAt: timestamp.nullable(),
    lastUsedIp: z.string().nullable(),
    revokedAt: timestamp.nullable(),
    revokedBy: z.string().nullable(),
  }),
);
export const apiKeysAnswer = exactly<ApiKeysResponse>()(z.object({ apiKeys: z.array(apiKeySchema) }));
export const apiKeyCreatedAnswer = exactly<ApiKeyCreatedResponse>()(
  z.object({ apiKey: apiKeySchema, secret: z.string().meta({ description: 'The whole key, `rpk_<id>_<secret>`: shown this once, never again.' }) }),
);
export const revokedApiKeyAnswer = z.object({ apiKey: apiKeySchema });
