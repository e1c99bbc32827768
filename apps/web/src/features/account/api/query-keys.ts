/** Query keys of the caller's own account; its changes refresh them through the same keys. */
export const accountKeys = {
  all: ['account'] as const,
  account: () => [...accountKeys.all, 'account'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  passkeys: () => [...accountKeys.all, 'passkeys'] as const,
};
