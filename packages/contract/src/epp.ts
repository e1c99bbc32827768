import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { limits } from './limits';
import type { MessageKey } from './messages';

/** What the browser's pattern accepts; the server parses every address with a real parser too. */
export const ipv4Pattern = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
export const ipv6Pattern = /^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$/;

export function looksLikeIpAddress(value: string): boolean {
  return ipv4Pattern.test(value) || ipv6Pattern.test(value);
}

/** The longest text an address can have: eight IPv6 groups with an embedded dotted quad. */
const ipAddressMaxLength = 45;

/**
 * The canonical text of an IP address, or null when the text is not one. IPv4 in dotted-quad form
 * (no leading zeros, no shorthand like `127.1`); IPv6 in RFC 5952 form (lower case, zeros
 * compressed), so equal addresses have equal texts. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`)
 * is the IPv4 address a dual-stack server sees, so it becomes `192.0.2.1` (docs/decisions.md).
 * Zone ids (`%eth0`) and ranges are not addresses a remote client connects from: null.
 */
export function canonicalIpAddress(text: string): string | null {
  const value = text.trim();
  if (value.length > ipAddressMaxLength) return null;
  if (ipv4Pattern.test(value)) return ipaddr.IPv4.parse(value).toString();
  if (!ipv6Pattern.test(value) || !ipaddr.IPv6.isValid(value)) return null;
  const address = ipaddr.IPv6.parse(value);
  return address.isIPv4MappedAddress() ? address.toIPv4Address().toString() : address.toRFC5952String();
}

export type IpAddressProblem = Extract<MessageKey, 'validation.ipAddress' | 'validation.ipAddressDuplicate'>;

/**
 * Checks each entry of an IP list: empty entries are skipped (they are dropped from the payload),
 * an entry that is no address gets `validation.ipAddress`, and an address that an earlier entry
 * already holds (compared as addresses) gets `validation.ipAddressDuplicate`.
 */
export function ipListProblems(entries: readonly string[]): (IpAddressProblem | undefined)[] {
  const seen = new Set<string>();
  return entries.map((entry) => {
    if (entry.trim() === '') return undefined;
    const canonical = canonicalIpAddress(entry);
    if (canonical === null) return 'validation.ipAddress';
    if (seen.has(canonical)) return 'validation.ipAddressDuplicate';
    seen.add(canonical);
    return undefined;
  });
}

/** `PUT /services/registrar/epp/ip`: the addresses in the order shown; empty entries are ignored. */
export const eppIpListSchema = z.object({
  ipAddresses: z
    .array(z.string({ error: 'validation.ipAddress' }), { error: 'error.badRequest' })
    // Far above any registrar's maximum: bounds the work before the per-user limit is checked.
    .max(limits.maxIpAddressesIcannSla * 10, { error: 'error.badRequest' }),
});
export type EppIpList = z.infer<typeof eppIpListSchema>;

/**
 * 14 or more characters with a digit, an upper-case and a lower-case letter, a special character and
 * a whitespace. The space does not count as the special character: the page promises both
 * (docs/decisions.md).
 */
export const eppPasswordPattern = /^(?=.*\d)(?=.*[A-Z])(?=.*[a-z])(?=.*[^A-Za-z0-9\s])(?=.*\s).{14,}$/;

export const eppNewPasswordField = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .max(limits.eppPasswordMaxLength, { error: 'validation.maxLength' })
  .regex(eppPasswordPattern, { error: 'validation.eppPasswordWeak' });

/** `PUT /services/registrar/epp/password`. */
export const eppPasswordChangeSchema = z.object({
  oldPassword: z.string().max(limits.eppPasswordMaxLength, { error: 'validation.maxLength' }).optional(),
  newPassword: eppNewPasswordField,
});
export type EppPasswordChange = z.infer<typeof eppPasswordChangeSchema>;

/**
 * The EPP password form (spec section 5): the current password only when the server says one is
 * set, the new password with its rules, and the repeat that must equal it.
 */
export function eppPasswordFormSchema(currentRequired: boolean) {
  const current = z.string().max(limits.eppPasswordMaxLength, { error: 'validation.maxLength' });
  return z
    .object({
      oldPassword: currentRequired ? current.min(1, { error: 'validation.required' }) : current,
      newPassword: eppNewPasswordField,
      confirmPassword: z.string().max(limits.eppPasswordMaxLength, { error: 'validation.maxLength' }),
    })
    .refine((form) => form.confirmPassword === form.newPassword, { error: 'validation.passwordMismatch', path: ['confirmPassword'] });
}
export type EppPasswordForm = z.input<ReturnType<typeof eppPasswordFormSchema>>;
