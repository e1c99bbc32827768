import { z } from 'zod';
import { limits } from './limits';

/** What the browser's pattern accepts; the server parses every address with a real parser too. */
export const ipv4Pattern = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
export const ipv6Pattern = /^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$/;

export function looksLikeIpAddress(value: string): boolean {
  return ipv4Pattern.test(value) || ipv6Pattern.test(value);
}

export const eppIpListSchema = z.object({
  ipAddresses: z.array(z.string()),
});
export type EppIpList = z.infer<typeof eppIpListSchema>;

/** 14 or more characters with a digit, an upper-case and a lower-case letter, a non-alphanumeric and a whitespace. */
export const eppPasswordPattern = /^(?=.*\d)(?=.*[A-Z])(?=.*[a-z])(?=.*[^A-Za-z0-9])(?=.*\s).{14,}$/;

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
