import { languages } from '@registrar-panel/contract';
import { describe, expect, it } from 'vitest';
import { allCatalogues, readProperties, type Catalogue } from './catalogues';

/*
 * The four languages say the same things: every key, plural form, placeholder and tag of
 * one language's catalogue is in the others', for the web and the Keycloak theme. No language falls
 * back on another, so a gap here would show as `***key***` on a page.
 */

const catalogues = allCatalogues();
const parts = [...new Set(catalogues.map((catalogue) => catalogue.part))];
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** The keys without plural suffixes, each with the suffixes it has (none for a plain text). */
function baseKeys(catalogue: Catalogue): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const key of Object.keys(catalogue.texts)) {
    const suffix = catalogue.part.startsWith('web:') ? pluralSuffix.exec(key) : null;
    const base = suffix ? key.slice(0, suffix.index) : key;
    keys.set(base, [...(keys.get(base) ?? []), ...(suffix ? [suffix[1]!] : [])]);
  }
  return keys;
}

/** What a text must keep in translation: the translator's `{{x}}` (lib/translator.ts), Keycloak's `{0}`, and tags `<x>` `</x>` `<x/>`. */
function fixedParts(text: string): string[] {
  const placeholders = text.match(/\{\{\s*[^}]+?\s*\}\}|\{\d+\}/g) ?? [];
  const tags = text.match(/<\/?[a-zA-Z][\w-]*\s*\/?>/g) ?? [];
  return [...placeholders.map((p) => p.replace(/\s+/g, '')), ...tags.map((tag) => tag.replace(/\s+/g, ''))].sort();
}

/** A key's fixed parts over all its plural forms (a form may leave `{{count}}` out, the key as a whole may not). */
function fixedPartsOf(catalogue: Catalogue, base: string, suffixes: string[]): string[] {
  const texts = suffixes.length === 0 ? [catalogue.texts[base]!] : suffixes.map((suffix) => catalogue.texts[`${base}_${suffix}`]!);
  return [...new Set(texts.flatMap(fixedParts))].sort();
}

describe.each(parts)('%s in the four languages', (part) => {
  const [english, ...others] = languages.map((language) => catalogues.find((c) => c.part === part && c.language === language)!);
  const englishKeys = baseKeys(english!);

  it.each(others.map((catalogue) => [catalogue.language, catalogue] as const))('%s has the same keys as English', (_language, catalogue) => {
    const keys = baseKeys(catalogue);
    expect(
      [...keys.keys()].filter((key) => !englishKeys.has(key)),
      'keys English does not have',
    ).toEqual([]);
    expect(
      [...englishKeys.keys()].filter((key) => !keys.has(key)),
      'keys missing',
    ).toEqual([]);
  });

  it.each(others.map((catalogue) => [catalogue.language, catalogue] as const))(
    "%s has each plural text in its language's plural forms",
    (language, catalogue) => {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
      const englishCategories = new Intl.PluralRules('en').resolvedOptions().pluralCategories.slice().sort();
      for (const [key, suffixes] of englishKeys) {
        if (suffixes.length > 0) expect(suffixes.slice().sort(), `${key} in English`).toEqual(englishCategories);
      }
      for (const [key, suffixes] of baseKeys(catalogue)) {
        const englishSuffixes = englishKeys.get(key) ?? [];
        expect(suffixes.length > 0, `${key}: plural in English, not in ${language} or the reverse`).toBe(englishSuffixes.length > 0);
        if (suffixes.length > 0) expect(suffixes.slice().sort(), key).toEqual(categories);
      }
    },
  );

  it.each(others.map((catalogue) => [catalogue.language, catalogue] as const))('%s keeps every placeholder and tag', (_language, catalogue) => {
    for (const [key, suffixes] of baseKeys(catalogue)) {
      const englishSuffixes = englishKeys.get(key);
      if (!englishSuffixes) continue; // reported by the key test
      expect(fixedPartsOf(catalogue, key, suffixes), key).toEqual(fixedPartsOf(english!, key, englishSuffixes));
    }
  });
});

describe('the parity test itself', () => {
  it('reads a Keycloak properties file with comments, continued lines, escapes and arguments', () => {
    const texts = readProperties('# a comment\nloginTitle=Sign in to {0}\nlong=first \\\n   second\nescaped\\:key = caf\\u00e9\n');
    expect(texts).toEqual({ loginTitle: 'Sign in to {0}', long: 'first second', 'escaped:key': 'café' });
    expect(fixedParts(texts.loginTitle!)).toEqual(['{0}']);
  });

  it('finds the placeholders and tags a translation must keep', () => {
    expect(fixedParts('<strong>{{ count }}</strong> of {{max}}<br/>')).toEqual(['</strong>', '<br/>', '<strong>', '{{count}}', '{{max}}']);
  });
});
