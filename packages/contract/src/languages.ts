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

/*
 * `Accept-Language` (RFC 9110 §12.5.4): a list of language ranges with optional weights. A real
 * browser sends a few dozen characters; a longer header, more than a few entries, or an entry that
 * is not `range[;q=weight]` names no language at all, so nothing past the first check costs time.
 */
const maxAcceptLanguageLength = 512;
const maxAcceptLanguageEntries = 20;
const acceptLanguageEntry = /^([a-z]{1,8}(?:-[a-z0-9]{1,8})*|\*)(?:\s*;\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?))?$/i;

/**
 * The language the caller's `Accept-Language` prefers among the four: the highest weight wins, the
 * earlier entry on equal weights; `q=0` refuses a language. `*` stands for English (the default),
 * as do a missing, malformed or oversized header and one naming none of the four.
 */
export function acceptedLanguage(header: unknown): Language {
  if (typeof header !== 'string' || header.length > maxAcceptLanguageLength) return defaultLanguage;
  const entries = header.split(',');
  if (entries.length > maxAcceptLanguageEntries) return defaultLanguage;
  let best: { language: Language; weight: number } | undefined;
  for (const entry of entries) {
    const trimmed = entry.trim();
    if (trimmed === '') continue; // `fr, , nl` and a trailing comma are allowed by the list syntax
    const parsed = acceptLanguageEntry.exec(trimmed);
    if (!parsed) return defaultLanguage;
    const weight = parsed[2] === undefined ? 1 : Number(parsed[2]);
    const language = parsed[1] === '*' ? defaultLanguage : matchLanguage(parsed[1]);
    if (language && weight > 0 && (!best || weight > best.weight)) best = { language, weight };
  }
  return best?.language ?? defaultLanguage;
}
