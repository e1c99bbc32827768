import { languages, type Language } from '@registrar-panel/contract';
import { describe, expect, it } from 'vitest';
import { allCatalogues, glossaryText } from './catalogues';
import { compounding, englishTerm, readGlossary, termsIn, usesTranslation, wholeWord, wordsInUse, wordsOnly } from './glossary';

/*
 * The glossaries (docs/glossary/<language>.md) held by every text of their language: no text uses a
 * word of a term's Never column, and no text translates a term two ways, so where the English text
 * of a key names a glossary term, the same key's translation uses that term's translation (or one
 * of the forms the glossary accepts for it).
 */

const catalogues = allCatalogues();
const translated = languages.filter((language): language is Exclude<Language, 'en'> => language !== 'en');

describe.each(translated)('the %s glossary', (language) => {
  const { rows } = readGlossary(glossaryText(language));

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

  it("is kept by every text of the language: a term of an English text is the term's translation in the same key", () => {
    const found: string[] = [];
    for (const catalogue of catalogues.filter((c) => c.language === language)) {
      const english = catalogues.find((c) => c.part === catalogue.part && c.language === 'en')!;
      for (const [key, text] of Object.entries(catalogue.texts)) {
        const source = english.texts[key];
        if (source === undefined) continue; // the parity test reports it
        for (const row of termsIn(wordsInUse(source), rows)) {
          // Rows of the same English term are its senses ('expire' a domain name, 'expire' a link): any of them.
          const terms = row.englishTerms.map((term) => term.toLowerCase());
          const accepted = rows.filter((other) => other.englishTerms.some((term) => terms.includes(term.toLowerCase()))).flatMap((other) => other.accepted);
          // Keycloak's texts are Java MessageFormat, which doubles an apostrophe.
          const words = wordsOnly(catalogue.part.startsWith('keycloak:') ? text.replace(/''/g, "'") : text);
          if (!usesTranslation(words, accepted, compounding[language]))
            found.push(`${catalogue.part} ${key}: '${row.english}' is '${accepted.join("' or '")}': ${text}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe('the glossary reader', () => {
  const table = (rows: string, forms = '') =>
    `# Glossary\n\n| English | Nederlands | Never |\n| --- | --- | --- |\n${rows}${forms ? `\n\nForms:\n\n| Nederlands | Also accepted |\n| --- | --- |\n${forms}` : ''}`;

  it('reads the rows, their Never words and the forms accepted for a translation', () => {
    expect(
      readGlossary(
        table(
          '| registrant (holder) | houder | registrant, domeinhouder |\n| renewal, renew | verlenging, verlengen | — |',
          '| verlengen | verleng, verlengd |',
        ),
      ),
    ).toEqual({
      languageTitle: 'Nederlands',
      rows: [
        { english: 'registrant (holder)', translation: 'houder', never: ['registrant', 'domeinhouder'], englishTerms: ['registrant'], accepted: ['houder'] },
        {
          english: 'renewal, renew',
          translation: 'verlenging, verlengen',
          never: [],
          englishTerms: ['renewal', 'renew'],
          accepted: ['verlenging', 'verlengen', 'verleng', 'verlengd'],
        },
      ],
    });
  });

  it('refuses a malformed table', () => {
    expect(() => readGlossary('# no table')).toThrow('no table');
    expect(() => readGlossary('| English | Never |\n| --- | --- |')).toThrow('header');
    expect(() => readGlossary(table('| registrant | houder |'))).toThrow('three cells');
    expect(() => readGlossary(table('| registrant | houder | a | b |'))).toThrow('three cells');
    expect(() => readGlossary(table('| | houder | a |'))).toThrow('three cells');
    expect(() => readGlossary(table('| registrant | houder | — |', '| houders |'))).toThrow('two cells');
    expect(() => readGlossary(table('| registrant | houder | — |', '| eigenaar | eigenaars |'))).toThrow('forms for what the first table does not give');
  });

  it('matches whole words in any case, not parts of words nor placeholders', () => {
    expect(wholeWord('slot').test(wordsOnly('Het Slot is dicht'))).toBe(true);
    expect(wholeWord('slot').test(wordsOnly('Transferslot'))).toBe(false);
    expect(wholeWord('mailadres').test(wordsOnly('uw e-mailadres'))).toBe(false);
    expect(wholeWord('interlocuteur').test(wordsOnly("l'interlocuteur"))).toBe(true);
    expect(wholeWord('contact technique').test(wordsOnly('Le contact technique'))).toBe(true);
    expect(wholeWord('login').test(wordsOnly('{{login}} <login>'))).toBe(false);
  });

  it('finds an English term also in the plural, and its translation in compounds where the language makes them', () => {
    expect(englishTerm('name server').test('Add name servers')).toBe(true);
    expect(englishTerm('registrar').test('The registrar panel')).toBe(true);
    expect(englishTerm('lock').test('Unlocked')).toBe(false);
    expect(usesTranslation('Transfersperre', ['Sperre'], true)).toBe(true);
    expect(usesTranslation('Transfersperre', ['Sperre'], false)).toBe(false);
    expect(usesTranslation('Les serveurs de noms', ['serveur de noms', 'serveurs de noms'], false)).toBe(true);
    expect(usesTranslation('Le serveur DNS', ['serveur de noms'], false)).toBe(false);
    expect(usesTranslation('Het technische contact', ['technisch contact'], true)).toBe(true);
    expect(usesTranslation('Het technisch team', ['technisch contact'], true)).toBe(false);
  });

  it('reads `…` in a form as other words of the same sentence, and a longer term before the shorter one inside it', () => {
    expect(usesTranslation('Daarmee meldt u zich aan.', ['meld … aan'], true)).toBe(true);
    expect(usesTranslation('Meld u. Daarna aan', ['meld … aan'], true)).toBe(false);
    const { rows } = readGlossary(table('| period | periode | — |\n| grace period | respijtperiode | — |\n| contact | contact | — |'));
    expect(termsIn('Grace period of the contacts', rows).map((row) => row.english)).toEqual(['grace period', 'contact']);
    expect(termsIn('The period', rows).map((row) => row.english)).toEqual(['period']);
  });
});
