export const eppKeys = {
  all: ['epp'] as const,
  ipAddresses: () => [...eppKeys.all, 'ipAddresses'] as const,
  passwordRequired: () => [...eppKeys.all, 'passwordRequired'] as const,
};

export const eppIpPath = '/services/registrar/epp/ip';
export const eppPasswordPath = '/services/registrar/epp/password';
