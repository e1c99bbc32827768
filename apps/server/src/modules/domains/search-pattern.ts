import { domainToASCII } from 'node:url';

/**
 * How a search input is matched, and which way the database answers it fastest:
 * - exact: one name, through the unique index;
 * - prefix: a literal start (`shop*`), a range of the registrar's sorted names;
 * - trigram: a run of three or more letters or digits somewhere (`*shop*`, `*shop`), the trigram index;
 * - scan: anything shorter (`*a*`, `*ab`), the registrar's own names read in order, never the whole table.
 */
export type SearchStrategy = 'exact' | 'prefix' | 'trigram' | 'scan';

export interface SearchPlan {
  strategy: SearchStrategy;
  /** Which form of the name the input is written in. */
  column: 'u_label' | 'a_label';
  /** For `exact`: the name; otherwise a LIKE pattern (`%` for `*`, special characters escaped). */
  value: string;
  /** For `prefix`: the literal start of the pattern. */
  prefix: string;
  /**
   * For `trigram`: what the trigram index looks up. A trailing `.{tld}` is left out (`%shop.%`), as
   * every name ends with it: its trigrams are in every row and would only slow the lookup down.
   */
  indexPattern: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The longest run of letters and digits, which is what a trigram index can look up. */
function longestWordRun(text: string): number {
  return Math.max(0, ...text.split(/[^\p{L}\p{N}]+/u).map((word) => [...word].length));
}

/**
 * Turns a validated search input into a plan. Matching ignores case. An input without a dot is a
 * name under the TLD (`example` finds example.{tld}, `*shop` finds myshop.{tld}); an input with
 * `xn--` in it is matched against A-labels, any other against U-labels; an exact U-label is looked
 * up through its A-label, which also folds the mappings IDNA applies (width, case).
 */
export function planSearch(input: string, tld: string): SearchPlan {
  let text = input.trim().normalize('NFC').toLowerCase().replace(/\*+/g, '*');
  if (!text.includes('.') && !text.endsWith('*')) text = `${text}.${tld}`;
  const column = text.includes('xn--') ? 'a_label' : 'u_label';
  if (!text.includes('*')) {
    const aLabel = domainToASCII(text);
    return { strategy: 'exact', column: aLabel ? 'a_label' : column, value: aLabel || text, prefix: '', indexPattern: '' };
  }
  const segments = text.split('*');
  const value = segments.map(escapeLike).join('%');
  const prefix = segments[0] ?? '';
  if (prefix.length > 0) return { strategy: 'prefix', column, value, prefix, indexPattern: '' };
  const tldSuffix = escapeLike(`.${tld}`);
  const indexPattern = value.endsWith(tldSuffix) ? `${value.slice(0, -tld.length)}%` : value;
  const strategy = indexPattern.split('%').some((segment) => longestWordRun(segment) >= 3) ? 'trigram' : 'scan';
  return { strategy, column, value, prefix: '', indexPattern: strategy === 'trigram' ? indexPattern : '' };
}

/** The smallest string greater than every string starting with `prefix` (C collation order). */
export function prefixUpperBound(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  const head = prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1));
  return head + String.fromCodePoint(last + 1);
}
