import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';

/*
 * Two-step verification (RFC 6238): 30-second steps, 6 digits, one step of clock drift either way.
 * Secrets are stored AES-256-GCM encrypted with the configured key and never leave the server.
 */

/**
 * The one-time codes: 6 digits, a new one every 30 s, HMAC-SHA-1 (what every authenticator app
 * reads from the QR code), one step of clock drift either way. Keycloak's realm export sets the
 * same (identity/realm-export.test.ts compares them).
 */
export const totpPolicy = { digits: 6, periodSeconds: 30, algorithm: 'sha1', driftSteps: 1 } as const;

const period = totpPolicy.periodSeconds;
const { digits, algorithm } = totpPolicy;

/** The 32-byte key from configuration, given as 64 hex digits or as base64. */
export function totpKey(configured: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(configured) ? Buffer.from(configured, 'hex') : Buffer.from(configured, 'base64');
  if (key.length !== 32) throw new Error('TOTP_ENCRYPTION_KEY must be 32 bytes (64 hex digits or base64)');
  return key;
}

/** `v1.{iv}.{tag}.{ciphertext}`, base64url; the version leaves room for key rotation. */
export function encryptTotpSecret(secret: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function decryptTotpSecret(stored: string, key: Buffer): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !ciphertext) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new random secret, base32 (20 bytes), as authenticator apps expect it. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The `otpauth://` address a QR code carries. */
export function totpUri(secret: string, options: { issuer: string; label: string }): string {
  return generateURI({ issuer: options.issuer, label: options.label, secret, period, digits, algorithm });
}

export async function currentTotpCode(secret: string, at = Date.now()): Promise<string> {
  return generate({ secret, period, digits, algorithm, epoch: Math.floor(at / 1000) });
}

/**
 * Checks a code against the secret, one step of drift allowed; a code of a step at or before
 * `afterStep` is refused so that each code works once. Returns the matched time step.
 */
export async function matchTotpCode(secret: string, code: string, afterStep: number | null, at = Date.now()): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (token.length !== digits || !/^\d+$/.test(token)) return null;
  try {
    const result = await verify({
      secret,
      token,
      period,
      digits,
      algorithm,
      epoch: Math.floor(at / 1000),
      epochTolerance: period * totpPolicy.driftSteps,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // otplib throws for a step window it cannot check (e.g. afterStep in the future): not a valid code.
    return null;
  }
}
