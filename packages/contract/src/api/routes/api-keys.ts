import { createApiKeySchema } from '../../api-keys';
import { apiKeyCreatedAnswer, apiKeysAnswer, revokedApiKeyAnswer } from '../responses/users';
import { datedBody, type ApiRoute } from '../route';
import { operation } from '../operations';
import { webHandledKeys } from '../web-handled-keys';
import { apiKeyIdParams } from './params';

/** The routes that manage keys (ADMIN); no key may call them (they have no `apiKeyScope`). */
export const apiKeyManagementRoutes = [
  {
    ...operation('listApiKeys'),
    tag: 'apiKeys',
    summary: "List the registrar's API keys",
    description: 'Every key of the registrar, active, expired or revoked, with its last use. Never a secret.',
    access: 'manageApiKeys',
    answer: { kind: 'json', status: 200, data: apiKeysAnswer, description: 'The keys.' },
  },
  {
    ...operation('createApiKey'),
    tag: 'apiKeys',
    summary: 'Create an API key',
    description:
      'A key for the registrar’s own tooling: it may only read, within its scopes, until its last day (at most a year ahead), optionally only from the addresses given. The answer holds the secret this once; only its hash is kept.',
    access: 'manageApiKeys',
    // Expiry from today to a year ahead: the server parses with today's schema, the document shows the rule in words.
    ...datedBody(createApiKeySchema),
    fields: {
      name: 'A name to recognise the key by.',
      scopes: 'What the key may read: registrations, billing, domainReport.',
      expiresOn: 'Its last day (Brussels, `YYYY-MM-DD`), at most a year ahead.',
      allowedAddresses: 'IP addresses or CIDR ranges it may be used from (at most 20); empty or left out for anywhere.',
    },
    answer: { kind: 'json', status: 201, data: apiKeyCreatedAnswer, description: 'The key, and its secret: shown this once.' },
    // The addresses' messages come from the schema's own check of each entry, which names no single key.
    errors: {
      400: ['validation.apiKeyAddress', 'validation.apiKeyAddressDuplicate', 'validation.apiKeyAddressEverywhere'],
      409: ['apiKeys.nameTaken', 'apiKeys.tooMany'],
    },
    webHandles: webHandledKeys.createApiKey,
    example: { body: { name: 'Nightly sync', scopes: ['registrations', 'domainReport'], expiresOn: '2027-06-30', allowedAddresses: ['192.0.2.0/24'] } },
  },
  {
    ...operation('revokeApiKey'),
    tag: 'apiKeys',
    summary: 'Revoke an API key',
    description: 'The key stops working at once; it stays listed, as revoked, for the record. Also while the registrar is suspended: its keys still read.',
    access: 'manageApiKeys',
    params: apiKeyIdParams,
    answer: { kind: 'json', status: 200, data: revokedApiKeyAnswer, description: 'The key as revoked.' },
    errors: { 404: ['error.notFound'] },
    example: { params: { id: 'k7Qm2x' } },
  },
] as const satisfies readonly ApiRoute[];
