/** Query keys of user management; mutations invalidate through the same keys. */
export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  activity: (username: string) => [...userKeys.all, username, 'activity'] as const,
  lastLogin: (username: string) => [...userKeys.all, username, 'lastLogin'] as const,
  passkeyPolicy: () => [...userKeys.all, 'passkeyPolicy'] as const,
};
