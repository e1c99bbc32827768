import { describe, expect, it } from 'vitest';
import { consentKey, hasConsent, storeConsent } from './cookie-consent';

/** localStorage as the browser offers it, kept in memory. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('cookie consent', () => {
  it('is absent until the banner is closed', () => {
    expect(hasConsent(memoryStorage())).toBe(false);
  });

  it('is stored under "cookieconsent" as an expiry timestamp one year ahead', () => {
    const storage = memoryStorage();
    storeConsent(storage, new Date('2025-04-10T08:00:00Z'));
    expect(storage.getItem(consentKey)).toBe(String(Date.parse('2026-04-10T08:00:00Z')));
  });

  it('holds until the expiry and is removed once it has passed, so the banner shows again', () => {
    const storage = memoryStorage();
    storeConsent(storage, new Date('2025-04-10T08:00:00Z'));
    expect(hasConsent(storage, new Date('2026-04-10T07:59:59Z'))).toBe(true);
    expect(hasConsent(storage, new Date('2026-04-10T08:00:00Z'))).toBe(false);
    expect(storage.getItem(consentKey)).toBeNull();
  });

  it('removes a value it cannot read', () => {
    const storage = memoryStorage({ [consentKey]: 'yes' });
    expect(hasConsent(storage)).toBe(false);
    expect(storage.getItem(consentKey)).toBeNull();
  });
});
