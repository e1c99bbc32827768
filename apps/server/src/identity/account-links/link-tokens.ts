import { createHash, randomBytes } from 'node:crypto';

/** Activation and password-reset links: 12 hours, single use; only the token's hash is stored. */
export const linkTokenTtlMs = 12 * 60 * 60 * 1000;

export type LinkPurpose = 'activation' | 'reset';

export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The page that takes the link, in Keycloak's layout: `{issuer}/login-actions/action-token?key=`. */
export function linkTokenUrl(issuer: string, token: string, language?: string): string {
  // `lang`: the page opens in the mail's language (identity/pages/page-language.ts).
  return `${issuer}/login-actions/action-token?key=${encodeURIComponent(token)}${language ? `&lang=${encodeURIComponent(language)}` : ''}`;
}
