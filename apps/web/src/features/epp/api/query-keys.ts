export const eppKeys = {
  all: ['epp'] as const,
  ipAddresses: () => [...eppKeys.all, 'ipAddresses'] as const,
  passwordRequired: () => [...eppKeys.all, 'passwordRequired'] as const,
  passwordLife: () => [...eppKeys.all, 'passwordLife'] as const,
  resetLinkRecipients: () => [...eppKeys.all, 'resetLinkRecipients'] as const,
  connections: () => [...eppKeys.all, 'connections'] as const,
};
