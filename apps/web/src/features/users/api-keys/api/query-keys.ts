/** Query keys of the registrar's API keys; creating and revoking refresh the list through the same key. */
export const apiKeyKeys = {
  all: ['apiKeys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};

export const apiKeysPath = '/services/apiKeys';

/** The path of one key. */
export const apiKeyPath = (id: string) => `${apiKeysPath}/${encodeURIComponent(id)}`;
