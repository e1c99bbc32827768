export const eppKeys = {
  all: ['epp'] as const,
  ipAddresses: () => [...eppKeys.all, 'ipAddresses'] as const,
  passwordRequired: () => [...eppKeys.all, 'passwordRequired'] as const,
  connections: () => [...eppKeys.all, 'connections'] as const,
};
