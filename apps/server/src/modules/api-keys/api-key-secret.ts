import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { apiKeyPrefix } from '@registrar-panel/contract';

/*
 * The text of an API key: `rpk_<id>_<secret>`. The id (9 random bytes, 12 base64url characters) is
 * public: it finds the row and names the key in the list, the mails and the history. The secret is
 * 32 random bytes (43 base64url characters), shown once. Only a SHA-256 hash of the whole key is
 * stored: the secret has 256 bits of entropy, so a slow password hash would add nothing but CPU
 * per request (docs/decisions.md). Base64url holds `_` too, so a key is read by position, not split.
 */

const idLength = 12;
const secretLength = 43;
const keyPattern = new RegExp(`^${apiKeyPrefix}([A-Za-z0-9_-]{${idLength}})_[A-Za-z0-9_-]{${secretLength}}$`);

export interface NewApiKey {
  id: string;
  /** The whole key, given to the caller once. */
  key: string;
  /** What is stored. */
  secretHash: string;
}

/** SHA-256 of the whole key, hex. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function generateApiKey(): NewApiKey {
  const id = randomBytes(9).toString('base64url');
  const key = `${apiKeyPrefix}${id}_${randomBytes(32).toString('base64url')}`;
  return { id, key, secretHash: hashApiKey(key) };
}

/** The id of a text shaped like a key, or undefined: anything else is refused before any query. */
export function apiKeyIdOf(text: string): string | undefined {
  return keyPattern.exec(text)?.[1];
}

/** Whether the key hashes to the stored hash; compared in constant time. */
export function keyMatchesHash(key: string, secretHash: string): boolean {
  const given = Buffer.from(hashApiKey(key), 'hex');
  const stored = Buffer.from(secretHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
