import { z } from 'zod';
import { eppNewPasswordField } from './epp';

/**
 * The EPP password's life (issue 31): how long a reset link works, and the link's token as the
 * mail carries it (32 random bytes, base64url). The age after which ADMIN users are reminded is the
 * server's configuration (`EPP_PASSWORD_MAX_AGE_DAYS`), and its answer tells the page.
 */
export const eppPasswordResetLinkMinutes = 30;

/** 32 random bytes in base64url, no padding. */
export const eppPasswordResetTokenPattern = /^[A-Za-z0-9_-]{43}$/;

const tokenField = z.string({ error: 'epp.resetLink.invalid' }).regex(eppPasswordResetTokenPattern, { error: 'epp.resetLink.invalid' });

/** `POST /services/registrar/epp/password/resetLink/check`: the token of the page's address (its fragment). */
export const eppPasswordResetLinkCheckSchema = z.object({ token: tokenField });
export type EppPasswordResetLinkCheck = z.infer<typeof eppPasswordResetLinkCheckSchema>;

/** `PUT /services/registrar/epp/password/resetLink`: the token and the new password (spec section 5's rules). */
export const eppPasswordSetWithLinkSchema = z.object({ token: tokenField, newPassword: eppNewPasswordField });
export type EppPasswordSetWithLink = z.infer<typeof eppPasswordSetWithLinkSchema>;

/** The web's pages the mails link to: the reset page (the token after `#`) and the security page. */
export const eppPasswordPages = { reset: '/epp/password-reset', security: '/epp/security' } as const;
