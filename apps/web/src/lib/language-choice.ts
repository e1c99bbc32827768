import { languages, matchLanguage, preferredLanguage, type Language } from '@registrar-panel/contract';

/*
 * Which language the portal speaks in this browser, without the translator: main.tsx reads an
 * address's `?lang=` before it may send the visitor to sign in, so the choice outlives that trip.
 * English until a choice is made; the browser's preference is only ever offered (language-offer).
 */

/**
 * A pseudo-language for seeing untranslated and too-tight texts: English, accented and 40 % longer
 * (pseudo-language.ts). Only in `npm run dev`, unit tests and the build the end-to-end tests make
 * (`VITE_PSEUDO_LANGUAGE=on`, so that the layout check runs in it); `npm run build` never offers it.
 */
export const pseudoLanguage = 'en-XA';
export const pseudoLanguageAvailable = import.meta.env.DEV || import.meta.env.VITE_PSEUDO_LANGUAGE === 'on';

/** A language the page can be in: one of the four, or the pseudo-language where it exists. */
export type PageLanguage = Language | typeof pseudoLanguage;

/** The languages the switcher offers, in the contract's order. */
export const pageLanguages: readonly PageLanguage[] = pseudoLanguageAvailable ? [...languages, pseudoLanguage] : languages;

/** The four's parser, which also knows the pseudo-language where it exists; `undefined` for no language. */
export function matchPageLanguage(value: unknown): PageLanguage | undefined {
  if (pseudoLanguageAvailable && typeof value === 'string' && value.toLowerCase() === pseudoLanguage.toLowerCase()) return pseudoLanguage;
  return matchLanguage(value);
}

const choiceKey = 'registrar-panel.language';
const offerKey = 'registrar-panel.languageOffer';
/** This tab's mark that the address chose the language (`?lang=`), until the next start reads it. */
const addressChoiceKey = 'registrar-panel.languageFromAddress';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage blocked: no choice kept, English
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
}

/** The language kept in this browser, if one was chosen. */
export const storedLanguage = (): PageLanguage | undefined => matchPageLanguage(read(choiceKey));

/** Keeps a choice in this browser; a choice also ends the offer. */
export function storeLanguage(language: PageLanguage): void {
  write(choiceKey, language);
  write(offerKey, 'answered');
}

/**
 * An address's `?lang=nl|fr|de|en` is a choice (a registry's site linking in its reader's language):
 * kept like the switcher's, then taken out of the address, so that the address a user copies or
 * bookmarks later does not overrule a switch made since. Any other value is ignored (the address
 * still loses it), which leaves the page in the language kept or English.
 */
export function takeLanguageFromAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('lang')) return;
  const language = matchPageLanguage(url.searchParams.get('lang'));
  if (language) {
    storeLanguage(language);
    try {
      window.sessionStorage.setItem(addressChoiceKey, language);
    } catch {
      // Storage blocked: the user's saved preference may then win at sign-in.
    }
  }
  url.searchParams.delete('lang');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

/**
 * Whether this tab's address chose the language since the last start, forgetting it: a sign-in that
 * an address with `?lang=` led to keeps that language over the user's saved preference (the link was
 * written in it), without saving it as the preference.
 */
export function takeAddressChoice(): boolean {
  try {
    const chosen = window.sessionStorage.getItem(addressChoiceKey) !== null;
    window.sessionStorage.removeItem(addressChoiceKey);
    return chosen;
  } catch {
    return false;
  }
}

/** The language the page opens in: the one kept, else English (spec section 1). */
export const startLanguage = (): PageLanguage => storedLanguage() ?? 'en';

/**
 * The language to offer once: the browser's first preference among the four when it is not English,
 * while no choice has been made and the offer was not answered.
 */
export function languageToOffer(preferences: readonly string[] = navigator.languages): Language | undefined {
  if (read(offerKey) !== null || storedLanguage() !== undefined) return undefined;
  const preferred = preferredLanguage(preferences);
  return preferred === 'en' ? undefined : preferred;
}

/** The offer was turned down: it is not made again in this browser. */
export const dismissOffer = (): void => write(offerKey, 'dismissed');
