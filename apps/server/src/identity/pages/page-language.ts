import { defaultLanguage, matchLanguage, preferredLanguage, type Language } from '@registrar-panel/contract';

/*
 * Which of the four languages an identity page is in. The switcher's choice (`?lang=`) first, kept
 * for the rest of the sign-in in its interaction; else the authorization request's `ui_locales`
 * (the portal sends the page's language, as it does to Keycloak); else English. Anything that names
 * none of the four is no choice: English.
 */

/** The query parameter of the switcher's links. */
export const languageParam = 'lang';

/** `ui_locales` is a short space-separated list; a value longer than this names nothing. */
const maxUiLocalesLength = 200;

/** The first of the four in `ui_locales` (preferences in order, space-separated). */
export function languageOfUiLocales(value: unknown): Language | undefined {
  if (typeof value !== 'string' || value.length > maxUiLocalesLength) return undefined;
  return preferredLanguage(value.split(' '));
}

/** The language a request's `lang` query parameter chooses, if it names one of the four. */
export function chosenLanguage(query: unknown): Language | undefined {
  const value = typeof query === 'object' && query !== null ? (query as Record<string, unknown>)[languageParam] : undefined;
  return matchLanguage(value);
}

/** The page's language: the first of these that names one of the four, else English. */
export function pageLanguage(...candidates: (Language | undefined)[]): Language {
  return candidates.find((language) => language !== undefined) ?? defaultLanguage;
}
