import { z } from 'zod';
import { eppNewPasswordField } from './epp';
import { eppPasswordResetTokenPattern } from './epp-password-links';

/*
 * The requests of the EPP password's reset link (issue 31); its constants are in epp-password-links.ts.
 * The age after which ADMIN users are reminded is the server's configuration (`EPP_PASSWORD_MAX_AGE_DAYS`).
 */

const tokenField = z.string({ error: 'epp.resetLink.invalid' }).regex(eppPasswordResetTokenPattern, { error: 'epp.resetLink.invalid' });

/** `POST /services/registrar/epp/password/resetLink/check`: the token of the page's address (its fragment). */
export const eppPasswordResetLinkCheckSchema = z.object({ token: tokenField });
export type EppPasswordResetLinkCheck = z.infer<typeof eppPasswordResetLinkCheckSchema>;

/** `PUT /services/registrar/epp/password/resetLink`: the token and the new password (spec section 5's rules). */
export const eppPasswordSetWithLinkSchema = z.object({ token: tokenField, newPassword: eppNewPasswordField });
export type EppPasswordSetWithLink = z.infer<typeof eppPasswordSetWithLinkSchema>;
