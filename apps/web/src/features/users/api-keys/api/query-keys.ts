/** Query keys of the registrar's API keys; creating and revoking refresh the list through the same key. */
export const apiKeyKeys = {
  all: ['apiKeys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};
