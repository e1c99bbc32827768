/*
 * The EPP password's reset link (issue 31), zod-free so that the web's first bundle (its page paths)
 * may hold it: how long a link works, its token's shape, and the web's pages the mails link to.
 */

/** How long a reset link works. */
export const eppPasswordResetLinkMinutes = 30;

/** 32 random bytes in base64url, no padding. */
export const eppPasswordResetTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The web's pages the mails link to: the reset page (the token after `#`) and the security page. */
export const eppPasswordPages = { reset: '/epp/password-reset', security: '/epp/security' } as const;
