/*
 * The demo accounts (demo mode only), listed in the README. Kept free of imports so that the
 * `npm run otp` script and the end-to-end tests can use it as it is.
 */

export const demoRegistrarHandles = ['acme', 'globex', 'icannsla'] as const;

/** Every demo account has this password. */
export const demoPassword = 'Demo-Password-1';

export const demoAccountKinds = [
  { name: 'admin', role: 'ADMIN', person: 'Alice Admin' },
  { name: 'support', role: 'SUPPORT', person: 'Sam Support' },
  { name: 'tech', role: 'TECH', person: 'Tess Tech' },
  { name: 'finance', role: 'FINANCE', person: 'Finn Finance' },
] as const;

/**
 * The fixed TOTP secret of a demo account: registrar handle and account name in upper case, then
 * a fixed filler, 32 base32 characters in all (e.g. `ACMEADMINDEMOTOTPSECRETKEY234567`).
 */
export function demoTotpSecret(username: string): string {
  const [name = '', handle = ''] = username.split('@');
  return `${handle}${name}DEMOTOTPSECRETKEY234567ABCDEFGHIJKLMNOPQRSTUVWXYZ`.toUpperCase().slice(0, 32);
}

export function isDemoAccount(username: string): boolean {
  const [name, handle] = username.split('@');
  return demoAccountKinds.some((kind) => kind.name === name) && demoRegistrarHandles.some((h) => h === handle);
}
