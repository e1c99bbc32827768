import { languages } from '@registrar-panel/contract';
import { describe, expect, it } from 'vitest';
import { allCatalogues, glossaryText, readProperties, type Catalogue } from './catalogues';

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

/** What a text must keep in translation: i18next's `{{x}}`, Keycloak's `{0}`, and tags `<x>` `</x>` `<x/>`. */
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

/*
 * The glossaries (docs/glossary/<language>.md): one table `| English | <language> | Never |`. A text
 * of the language must not use a word of its Never column, as a whole word in any case; placeholders,
 * tags and `{0}` arguments are left out first (they are not words of the text).
 */
interface GlossaryRow {
  english: string;
  translation: string;
  never: string[];
}

function readGlossary(text: string): GlossaryRow[] {
  const lines = text.split('\n').filter((line) => line.trim().startsWith('|'));
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim());
  const [header, separator, ...rows] = lines;
  if (!header || !separator) throw new Error('no table');
  const [englishTitle, languageTitle, neverTitle, ...extra] = cells(header);
  if (englishTitle !== 'English' || !languageTitle || neverTitle !== 'Never' || extra.length > 0)
    throw new Error(`header is not | English | <language> | Never |: ${header}`);
  if (!cells(separator).every((cell) => /^:?-{3,}:?$/.test(cell)) || cells(separator).length !== 3)
    throw new Error(`no separator row under the header: ${separator}`);
  return rows.map((row) => {
    const [english, translation, never, ...more] = cells(row);
    if (!english || !translation || never === undefined || more.length > 0) throw new Error(`a row without three cells: ${row}`);
    return {
      english,
      translation,
      never:
        never === '—' || never === ''
          ? []
          : never
              .split(',')
              .map((word) => word.trim())
              .filter(Boolean),
    };
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A whole word or phrase, any case: a letter, digit or hyphen on either side makes it part of another
 * word ('mailadres' is not in 'e-mailadres'); an apostrophe does not (French 'l'interlocuteur').
 */
const wholeWord = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}-])${escapeRegExp(word)}(?![\\p{L}\\p{N}-])`, 'iu');
const wordsOnly = (text: string) => text.replace(/\{\{[^}]*\}\}|\{\d+\}|<[^>]*>/g, ' ');

describe.each(languages.filter((language) => language !== 'en'))('the %s glossary', (language) => {
  const rows = readGlossary(glossaryText(language));

  it('is one well-formed table', () => {
    expect(rows.length).toBeGreaterThan(10);
  });

  it('is kept by every text of the language: none uses a word of the Never column', () => {
    const never = rows.flatMap((row) => row.never.map((word) => ({ word, pattern: wholeWord(word), row })));
    const found: string[] = [];
    for (const catalogue of catalogues.filter((c) => c.language === language)) {
      for (const [key, text] of Object.entries(catalogue.texts)) {
        for (const { word, row } of never.filter(({ pattern }) => pattern.test(wordsOnly(text)))) {
          found.push(`${catalogue.part} ${key}: '${word}' (write '${row.translation}' for '${row.english}')`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe('the glossary reader', () => {
  const table = (rows: string) => `# Glossary\n\n| English | Nederlands | Never |\n| --- | --- | --- |\n${rows}`;

  it('reads the rows and their Never words', () => {
    expect(readGlossary(table('| registrant | houder | registrant, domeinhouder |\n| handle | handle | — |'))).toEqual([
      { english: 'registrant', translation: 'houder', never: ['registrant', 'domeinhouder'] },
      { english: 'handle', translation: 'handle', never: [] },
    ]);
  });

  it('refuses a malformed table', () => {
    expect(() => readGlossary('# no table')).toThrow('no table');
    expect(() => readGlossary('| English | Never |\n| --- | --- |')).toThrow('header');
    expect(() => readGlossary(table('| registrant | houder |'))).toThrow('three cells');
    expect(() => readGlossary(table('| registrant | houder | a | b |'))).toThrow('three cells');
    expect(() => readGlossary(table('| | houder | a |'))).toThrow('three cells');
  });

  it('matches whole words in any case, not parts of words nor placeholders', () => {
    expect(wholeWord('slot').test(wordsOnly('Het Slot is dicht'))).toBe(true);
    expect(wholeWord('slot').test(wordsOnly('Transferslot'))).toBe(false);
    expect(wholeWord('mailadres').test(wordsOnly('uw e-mailadres'))).toBe(false);
    expect(wholeWord('interlocuteur').test(wordsOnly("l'interlocuteur"))).toBe(true);
    expect(wholeWord('contact technique').test(wordsOnly('Le contact technique'))).toBe(true);
    expect(wholeWord('login').test(wordsOnly('{{login}} <login>'))).toBe(false);
  });
});
