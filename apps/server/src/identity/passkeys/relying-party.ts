import { isIP } from 'node:net';

/**
 * The WebAuthn relying party is the portal's own address (`PUBLIC_URL`): its host is the RP ID and
 * its origin the only one accepted. Browsers refuse an IP address as an RP ID, so with one the
 * portal offers no passkeys and says why (`reason`).
 */
export type RelyingParty = { available: true; rpId: string; origin: string } | { available: false; reason: 'ipAddress' };

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return { available: false, reason: 'ipAddress' };
  return { available: true, rpId: host, origin: url.origin };
}
