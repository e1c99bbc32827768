/** Where the consent is kept (spec section 3): the expiry time, in milliseconds since the epoch. */
export const consentKey = 'cookieconsent';

/** Consent lasts one year from the moment the banner is closed. */
export function consentExpiry(now: Date): number {
  const expiry = new Date(now);
  expiry.setFullYear(expiry.getFullYear() + 1);
  return expiry.getTime();
}

/** Whether a valid consent is stored; an expired or unreadable value is removed. */
export function hasConsent(storage: Storage, now: Date = new Date()): boolean {
  const stored = storage.getItem(consentKey);
  if (stored === null) return false;
  const expiry = Number(stored);
  if (stored.trim() === '' || !Number.isFinite(expiry) || expiry <= now.getTime()) {
    storage.removeItem(consentKey);
    return false;
  }
  return true;
}

export function storeConsent(storage: Storage, now: Date = new Date()): void {
  storage.setItem(consentKey, String(consentExpiry(now)));
}
