import { languages, type Language } from '@registrar-panel/contract';

/*
 * The server's texts in the portal's four languages, as the web has them: one flat JSON catalogue
 * per language and part (identity pages, mails), `{{name}}` placeholders, and plural forms by the
 * language's rules (`key_one`, `key_other`). No fallback between languages: a missing text shows as
 * `***key***`, as spec section 1 says, and the web's parity test keeps every key in every language.
 */

export type TextParams = Readonly<Record<string, string | number>>;
export type Catalogue = Readonly<Record<string, string>>;

/** A text in one language; `count` among the params chooses the plural form. */
export type Translate<Key extends string = string> = (key: Key, params?: TextParams) => string;

/** The keys of a catalogue, plural suffixes taken off: what `t` is called with. */
export type TextKey<C> = keyof C extends infer K ? (K extends `${infer Base}_${'one' | 'other'}` ? Base : K & string) : never;

const pluralRules = new Map(languages.map((language) => [language, new Intl.PluralRules(language)]));

/** Replaces `{{name}}` with the param's text; a placeholder without a param stays as it is. */
export function fillPlaceholders(text: string, params: TextParams, escape: (value: string) => string = (value) => value): string {
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => (name in params ? escape(String(params[name])) : placeholder));
}

/** The raw text of a key in a catalogue, its plural form chosen; `***key***` when it is missing. */
export function rawText(catalogue: Catalogue, language: Language, key: string, params: TextParams = {}): string {
  if (typeof params.count === 'number') {
    const form = pluralRules.get(language)?.select(params.count) ?? 'other';
    // The four languages' counts in these texts need `one` and `other` (French's `many` is for millions).
    return catalogue[`${key}_${form}`] ?? catalogue[`${key}_other`] ?? `***${key}***`;
  }
  return catalogue[key] ?? `***${key}***`;
}

/** The translator of one language over a part's catalogues. */
export function translator<Key extends string>(catalogues: Readonly<Record<Language, Catalogue>>, language: Language): Translate<Key> {
  return (key, params = {}) => fillPlaceholders(rawText(catalogues[language], language, key, params), params);
}
