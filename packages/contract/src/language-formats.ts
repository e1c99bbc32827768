import type { Language } from './languages';

/*
 * Each language's month abbreviations and number separators as fixed tables, not ICU's: its data
 * differs between Node 20, Node 24 and Chromium (en-GB's 'Sep' became 'Sept'), and a date or count
 * must read the same in the browser, the server's mails and the tests (docs/decisions.md, "Dates and times").
 * The texts follow CLDR's abbreviated format forms as the registry's readers know them.
 */
export const monthAbbreviations: Readonly<Record<Language, readonly string[]>> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  nl: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'],
  fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
  de: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
};

/** Each language's month names, as lists of months and the billing picker write them ('mars 2026'). */
export const monthNames: Readonly<Record<Language, readonly string[]>> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
};

/** '5 Mar 2025', '5 mrt 2025', '5 mars 2025', '5. März 2025': German writes the day as an ordinal. */
export function dayMonthYear(language: Language, day: number, month: number, year: string): string {
  const monthText = monthAbbreviations[language][month - 1] ?? '';
  return `${day}${language === 'de' ? '.' : ''} ${monthText} ${year}`;
}

/**
 * Digit grouping and decimal mark. French groups with U+202F NARROW NO-BREAK SPACE (as CLDR and
 * the Imprimerie nationale write it), so '12 345' never breaks across lines.
 */
export const numberSeparators: Readonly<Record<Language, { group: string; decimal: string }>> = {
  en: { group: ',', decimal: '.' },
  nl: { group: '.', decimal: ',' },
  fr: { group: '\u202f', decimal: ',' },
  de: { group: '.', decimal: ',' },
};

/** A count or other number with the language's separators, groups of three from four digits on: '12,345', '12.345', '12 345'. */
export function formatNumber(value: number, language: Language): string {
  if (!Number.isFinite(value)) return String(value);
  const { group, decimal } = numberSeparators[language];
  const [whole = '', fraction] = Math.abs(value).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
}
