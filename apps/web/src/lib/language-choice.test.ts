import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissOffer, languageToOffer, startLanguage, storeLanguage, takeLanguageFromAddress } from './language-choice';

/* The choice as a browser keeps it: a page address, its history and localStorage, stubbed. */
let stored: Map<string, string>;
let address: string;

beforeEach(() => {
  stored = new Map();
  address = 'https://panel.example/registrar/generalData';
  vi.stubGlobal('window', {
    localStorage: { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) },
    location: {
      get href() {
        return address;
      },
    },
    history: { state: null, replaceState: (_state: unknown, _title: string, url: string) => (address = new URL(url, address).href) },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the language a page opens in', () => {
  it('is English on a first visit, then the one kept', () => {
    expect(startLanguage()).toBe('en');
    storeLanguage('de');
    expect(startLanguage()).toBe('de');
  });

  it('follows ?lang=, keeps it as the choice and takes it out of the address', () => {
    address = 'https://panel.example/registrations/search?domainname=bak*&lang=NL#results';
    takeLanguageFromAddress();
    expect(startLanguage()).toBe('nl');
    expect(address).toBe('https://panel.example/registrations/search?domainname=bak*#results');
  });

  it('drops a ?lang= it does not know, changing nothing', () => {
    storeLanguage('fr');
    for (const value of ['../', '<script>', 'x'.repeat(100_000), 'es']) {
      address = `https://panel.example/users?lang=${encodeURIComponent(value)}`;
      takeLanguageFromAddress();
      expect(startLanguage(), value.slice(0, 10)).toBe('fr');
      expect(address).toBe('https://panel.example/users');
    }
  });

  it('falls back to English when the stored value was tampered with', () => {
    stored.set('registrar-panel.language', '<img src=x>');
    expect(startLanguage()).toBe('en');
  });
});

describe('the offer', () => {
  it("is the browser's first language among the four, unless that is English", () => {
    expect(languageToOffer(['fr-BE', 'nl'])).toBe('fr');
    expect(languageToOffer(['es', 'de-CH'])).toBe('de');
    expect(languageToOffer(['en-GB', 'fr'])).toBeUndefined();
    expect(languageToOffer(['es'])).toBeUndefined();
  });

  it('is made once: not after it was turned down, nor after any choice', () => {
    dismissOffer();
    expect(languageToOffer(['nl'])).toBeUndefined();
    stored.clear();
    storeLanguage('en');
    expect(languageToOffer(['nl'])).toBeUndefined();
  });
});
