import type { Language } from '@registrar-panel/contract';

/*
 * A language's glossary (docs/glossary/<language>.md) as the glossary test reads it. The first
 * table, `| English | <language> | Never |`, gives each English term its one translation and the
 * words that must not stand for it. An optional second table, `| <language> | Also accepted |`,
 * lists for a translation the forms that count as it (French plurals, German cases, Dutch verb forms).
 */

export interface GlossaryRow {
  english: string;
  translation: string;
  never: string[];
  /** The English terms of the row: its first cell without notes in brackets, split at commas. */
  englishTerms: string[];
  /** The translations of the row, each with the forms the second table accepts for it. */
  accepted: string[];
}

export interface Glossary {
  languageTitle: string;
  rows: GlossaryRow[];
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

const isSeparator = (line: string | undefined) => line !== undefined && cells(line).every((cell) => /^:?-{3,}:?$/.test(cell));

/** Consecutive `|` lines form a table; anything else between them ends one. */
function tables(text: string): string[][] {
  const found: string[][] = [];
  let current: string[] | undefined;
  for (const line of text.split('\n')) {
    if (line.trim().startsWith('|')) (current ??= (found.push([]), found[found.length - 1]!)).push(line);
    else current = undefined;
  }
  return found;
}

/** A cell's list: comma-separated, notes in brackets dropped, `—` or empty for none. */
const list = (cell: string) =>
  cell === '—' || cell === ''
    ? []
    : cell
        .replace(/\([^)]*\)/g, '')
        .split(',')
        .map((word) => word.trim())
        .filter(Boolean);

export function readGlossary(text: string): Glossary {
  const [main, forms, ...more] = tables(text);
  if (!main) throw new Error('no table');
  if (more.length > 0) throw new Error('more than two tables');
  const [header, separator, ...rows] = main;
  const [englishTitle, languageTitle, neverTitle, ...extra] = cells(header!);
  if (englishTitle !== 'English' || !languageTitle || neverTitle !== 'Never' || extra.length > 0)
    throw new Error(`header is not | English | <language> | Never |: ${header}`);
  if (!isSeparator(separator) || cells(separator!).length !== 3) throw new Error(`no separator row under the header: ${separator}`);

  const alsoAccepted = new Map<string, string[]>();
  if (forms) {
    const [formsHeader, formsSeparator, ...formRows] = forms;
    const [formsTitle, acceptedTitle, ...formsExtra] = cells(formsHeader!);
    if (formsTitle !== languageTitle || acceptedTitle !== 'Also accepted' || formsExtra.length > 0)
      throw new Error(`the second table's header is not | ${languageTitle} | Also accepted |: ${formsHeader}`);
    if (!isSeparator(formsSeparator) || cells(formsSeparator!).length !== 2) throw new Error(`no separator row under the header: ${formsSeparator}`);
    for (const row of formRows) {
      const [translation, accepted, ...rest] = cells(row);
      if (!translation || !accepted || rest.length > 0) throw new Error(`a row of forms without two cells: ${row}`);
      alsoAccepted.set(translation, list(accepted));
    }
  }

  const glossaryRows = rows.map((row) => {
    const [english, translation, never, ...rest] = cells(row);
    if (!english || !translation || never === undefined || rest.length > 0) throw new Error(`a row without three cells: ${row}`);
    const translations = list(translation);
    return {
      english,
      translation,
      never: list(never),
      englishTerms: list(english),
      accepted: translations.flatMap((word) => [word, ...(alsoAccepted.get(word) ?? [])]),
    };
  });
  const known = new Set(glossaryRows.flatMap((row) => list(row.translation)));
  const unknown = [...alsoAccepted.keys()].filter((translation) => !known.has(translation));
  if (unknown.length > 0) throw new Error(`forms for what the first table does not give as a translation: ${unknown.join(', ')}`);
  return { languageTitle, rows: glossaryRows };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const notInWord = '[\\p{L}\\p{N}-]';

/**
 * A whole word or phrase, any case: a letter, digit or hyphen on either side makes it part of another
 * word ('mailadres' is not in 'e-mailadres'); an apostrophe does not (French 'l'interlocuteur').
 */
export const wholeWord = (word: string) => new RegExp(`(?<!${notInWord})${escapeRegExp(word)}(?!${notInWord})`, 'iu');

/** An English term as a whole word, also in the plural ('registrars', 'name servers', 'API keys'). */
export const englishTerm = (term: string) => new RegExp(`(?<!${notInWord})${escapeRegExp(term)}(?:s|es)?(?!${notInWord})`, 'iu');

/**
 * The rows whose English terms a text names. A term inside a longer term of the glossary found at the
 * same place counts as part of that one ('period' in 'grace period', 'contact' in 'technical contact'):
 * the longer term has its own translation.
 */
export function termsIn(text: string, rows: GlossaryRow[]): GlossaryRow[] {
  const matches = rows.flatMap((row) =>
    row.englishTerms.flatMap((term) =>
      [...text.matchAll(new RegExp(englishTerm(term).source, 'giu'))].map((match) => ({ row, start: match.index, end: match.index + match[0].length })),
    ),
  );
  const standalone = matches.filter(
    (match) =>
      !matches.some((other) => other !== match && other.start <= match.start && other.end >= match.end && other.end - other.start > match.end - match.start),
  );
  return [...new Set(standalone.map((match) => match.row))];
}

/**
 * Dutch and German write a term inside compounds and inflect it at the end ('registratiedatum',
 * 'naamservers', 'Transfersperre', 'Registrare'), so there a translation counts wherever it stands,
 * and the words before a phrase's last take an adjective's endings ('technischen Kontakt', 'publieke
 * profiel'). French words stand apart, so there a translation counts as whole words, each word also
 * in the plural or the feminine ('noms de domaine', 'bureaux d'enregistrement', 'transactions
 * protégées'). Other forms are the glossary's to list, `…` marking where other words may stand
 * (Dutch 'meld … aan', German 'melden Sie sich … an').
 */
export const compounding: Record<Exclude<Language, 'en'>, boolean> = { nl: true, de: true, fr: false };

const adjectiveEnding = /(?:e|er|es|en|em)$/iu;

/** Words of a phrase as a pattern; `…` stands for any words of the same sentence between them. */
function formPattern(form: string, inCompounds: boolean): RegExp {
  const [first, ...rest] = form.split(/\s*…\s*/);
  if (rest.length > 0) return new RegExp([first!, ...rest].map((part) => formPattern(part, inCompounds).source).join('[^.!?;:]*?'), 'iu');
  const words = form.split(/\s+/);
  if (inCompounds)
    return new RegExp(
      words
        .map((word, index) => (index < words.length - 1 ? `${escapeRegExp(word.replace(adjectiveEnding, ''))}(?:e|er|es|en|em)?` : escapeRegExp(word)))
        .join('\\s+'),
      'iu',
    );
  return new RegExp(`(?<!${notInWord})${words.map((word) => `${escapeRegExp(word)}(?:e?s|x|e)?`).join('\\s+')}(?!${notInWord})`, 'iu');
}

/** Whether a text uses one of the accepted forms of a translation. */
export function usesTranslation(text: string, accepted: string[], inCompounds: boolean): boolean {
  const plain = text.replace(/\u2019/g, "'");
  return accepted.some((form) => formPattern(form.replace(/\u2019/g, "'"), inCompounds).test(plain));
}

/** A text's words: placeholders, `{0}` arguments and tags left out (they are not words of the text). */
export const wordsOnly = (text: string) => text.replace(/\{\{[^}]*\}\}|\{\d+\}|<[^>]*>/g, ' ');

/** An English text's words in use: what it quotes (‘registrar’, “billing”) is named, not used. */
export const wordsInUse = (text: string) => wordsOnly(text).replace(/\u2018[^\u2019]*\u2019|\u201c[^\u201d]*\u201d/g, ' ');
