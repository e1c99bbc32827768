import { z } from 'zod';
import { limits } from './limits';

/*
 * The signed-in user's own account ("My account", reached from their name in the footer): their
 * password, their second factor, their sessions. Limits of a panel user's password live here once;
 * the identity service's password policy (server `identity/account-links/password-policy.ts`) takes
 * them from here and adds the rules only the server can apply (common passwords, context words).
 */

const currentPasswordField = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .max(limits.accountPasswordMaxLength, { error: 'validation.maxLength' });

const newPasswordField = z
  .string({ error: 'validation.required' })
  .min(limits.accountPasswordMinLength, { error: 'validation.accountPasswordLength' })
  .max(limits.accountPasswordMaxLength, { error: 'validation.maxLength' });

/** `PUT /services/me/password`: the current password proves it is the user; the new one follows the policy. */
export const changeMyPasswordSchema = z.object({ currentPassword: currentPasswordField, newPassword: newPasswordField });
export type ChangeMyPassword = z.infer<typeof changeMyPasswordSchema>;

/** The change-password form: the request's two fields and the repeat that must equal the new one. */
export const changeMyPasswordFormSchema = changeMyPasswordSchema
  .extend({ confirmPassword: z.string().max(limits.accountPasswordMaxLength, { error: 'validation.maxLength' }) })
  .refine((form) => form.confirmPassword === form.newPassword, { error: 'validation.passwordMismatch', path: ['confirmPassword'] });
export type ChangeMyPasswordForm = z.input<typeof changeMyPasswordFormSchema>;

/** `PUT /services/me/totp`: the new secret's enrolment (as `POST /me/totp` gave it) and a code of the new authenticator. */
export const confirmTotpEnrolmentSchema = z.object({
  enrolment: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(2000, { error: 'validation.maxLength' }),
  code: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^\d{6}$/, { error: 'validation.totpCode' }),
});
export type ConfirmTotpEnrolment = z.infer<typeof confirmTotpEnrolmentSchema>;

/** A passkey's name: what the user calls it ("Work laptop"), shown on My account, in the history and the mail. */
export const passkeyNameField = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(limits.passkeyNameMaxLength, { error: 'validation.maxLength' });

/** `PUT /services/me/passkeys/{passkeyId}`: a new name for one of the caller's passkeys. */
export const renamePasskeySchema = z.object({ name: passkeyNameField });
export type RenamePasskey = z.infer<typeof renamePasskeySchema>;

/**
 * The browser's answer to `navigator.credentials.create` as JSON (`@simplewebauthn/browser` gives
 * it so); only its shape and sizes are checked here, the rest by the server's WebAuthn library.
 */
const registrationResponseSchema = z.object({
  id: z.string().max(2000),
  rawId: z.string().max(2000),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: z.string().max(5000),
    attestationObject: z.string().max(20_000),
    // Kept as the browser names them ('internal', 'hybrid', 'usb'…): only a hint for the next sign-in.
    transports: z.array(z.string().max(20)).max(10).optional(),
    authenticatorData: z.string().max(20_000).optional(),
    publicKey: z.string().max(5000).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  // Not read: the portal asks for no extension.
  clientExtensionResults: z.unknown().optional(),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** `POST /services/me/passkeys`: the new passkey's name and the browser's answer to the options. */
export const addPasskeySchema = z.object({ name: passkeyNameField, response: registrationResponseSchema });
export type AddPasskey = z.infer<typeof addPasskeySchema>;
