import { createHmac, randomBytes } from 'node:crypto';
import { webhookSecretPrefix } from '@registrar-panel/contract';
import { decryptTotpSecret, encryptTotpSecret, totpKey } from '../../identity/sign-in/totp';

/*
 * Standard Webhooks signing: `whsec_` + base64 of 24 random bytes; the signature is
 * `v1,<base64 HMAC-SHA256 over "{id}.{timestamp}.{body}">` keyed with the secret's decoded base64
 * part. Secrets are stored encrypted with the TOTP secrets' key and scheme (AES-256-GCM).
 */

export function newWebhookSecret(): string {
  return `${webhookSecretPrefix}${randomBytes(24).toString('base64')}`;
}

export function signature(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(webhookSecretPrefix.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of a delivery; with two secrets (during a rotation's overlap) two signatures, space-separated. */
export function signedHeaders(secrets: readonly string[], messageId: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signature(secret, messageId, timestamp, body)).join(' '),
  };
}

export function sealSecret(secret: string, configuredKey: string): string {
  return encryptTotpSecret(secret, totpKey(configuredKey));
}

export function openSecret(stored: string, configuredKey: string): string {
  return decryptTotpSecret(stored, totpKey(configuredKey));
}
