/*
 * The portal's languages: the one list every part derives from. English is the default
 * (spec sections 1 and 9): a first visit, an unknown value and an API client that names none get it.
 */
export const languages = ['en', 'nl', 'fr', 'de'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** Each language's name in itself: what the switcher shows, the same whatever the page's language. */
export const languageNames: Readonly<Record<Language, string>> = { en: 'English', nl: 'Nederlands', fr: 'Français', de: 'Deutsch' };

/*
 * A BCP 47 tag is at most a few dozen characters; anything longer is refused before any pattern
 * runs, so a 100 KB value costs nothing. `_` is accepted as well as `-` (Java's `nl_BE`, which
 * Keycloak's `locale` may carry).
 */
const maxTagLength = 35;
const tagPattern = /^([a-z]{2,3})(?:[-_][a-z0-9]{1,8})*$/i;

/**
 * The portal's language a value names, from an address, the browser's storage, a cookie,
 * `ui_locales` or `Accept-Language`'s first entry: its primary subtag, whatever its case and
 * region (`nl-BE` and `NL` are Dutch, `de-CH` German); `undefined` for anything else.
 */
export function matchLanguage(value: unknown): Language | undefined {
  if (typeof value !== 'string' || value.length > maxTagLength) return undefined;
  const primary = tagPattern.exec(value.trim())?.[1]?.toLowerCase();
  return languages.find((language) => language === primary);
}

/** Like `matchLanguage`, with English for anything that names none of the four. */
export function parseLanguage(value: unknown): Language {
  return matchLanguage(value) ?? defaultLanguage;
}

/**
 * The first of the four in a list of preferences in order (`navigator.languages`); `undefined`
 * when none is. English first means English: `['en-GB', 'fr']` prefers English.
 */
export function preferredLanguage(preferences: readonly unknown[]): Language | undefined {
  for (const preference of preferences) {
    const language = matchLanguage(preference);
    if (language) return language;
  }
  return undefined;
}
