import { domainToASCII } from 'node:url';

/**
 * How a search input is matched, and which way the database answers it fastest:
 * - exact: one name, through the unique index;
 * - prefix: a literal start (`shop*`), a range of the registrar's sorted names;
 * - tokens: no literal start (`*shop*`, `*ab`, `*`): the registrar-scoped pieces the name must hold
 *   (each literal part of up to 3 characters, or every 3-character piece of a longer one) are looked
 *   up in domain_names' token index and counted in domain_name_token_counts (migration 0004);
 * - scan: an A-label pattern without a literal start (`*xn--caf*`), the registrar's A-labels read in order.
 */
export type SearchStrategy = 'exact' | 'prefix' | 'tokens' | 'scan';

export interface SearchPlan {
  strategy: SearchStrategy;
  /** Which form of the name the input is written in. */
  column: 'u_label' | 'a_label';
  /** For `exact`: the name; otherwise a LIKE pattern (`%` for `*`, special characters escaped). */
  value: string;
  /** For `prefix`: the literal start of the pattern. */
  prefix: string;
  /** For `tokens`: the pieces every matching name holds (`''` for `*`, which every name holds). */
  tokens: string[];
  /** For `tokens`: holding the one token is matching (`*ab*`, `*ine*`, `*`), so its count is the answer. */
  tokenIsMatch: boolean;
}

/** The longest piece a token holds: longer literal parts are looked up by their 3-character pieces. */
export const tokenLength = 3;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The tokens a literal part of a pattern needs: itself when short, otherwise its 3-character pieces. */
function tokensOf(part: string): string[] {
  const chars = [...part];
  if (chars.length <= tokenLength) return [part];
  return chars.slice(0, chars.length - tokenLength + 1).map((_, i) => chars.slice(i, i + tokenLength).join(''));
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
  const plan = { column, prefix: '', tokens: [] as string[], tokenIsMatch: false } as const;
  if (!text.includes('*')) {
    const aLabel = domainToASCII(text);
    return { ...plan, strategy: 'exact', column: aLabel ? 'a_label' : column, value: aLabel || text };
  }
  const segments = text.split('*');
  const value = segments.map(escapeLike).join('%');
  const prefix = segments[0] ?? '';
  if (prefix.length > 0) return { ...plan, strategy: 'prefix', value, prefix };
  if (column === 'a_label') return { ...plan, strategy: 'scan', value };
  const parts = segments.filter((segment) => segment.length > 0);
  const tokens = parts.length === 0 ? [''] : [...new Set(parts.flatMap(tokensOf))];
  const only = parts[0] ?? '';
  const tokenIsMatch = parts.length === 0 || (parts.length === 1 && [...only].length <= tokenLength && value === `%${escapeLike(only)}%`);
  return { ...plan, strategy: 'tokens', value, tokens, tokenIsMatch };
}

/** How a page of a `tokens` search is read once the number of matches is known. */
export type PageRead = 'lookup' | 'in-order' | 'in-reverse-order';

/** Matches read through the token index cost about this many names read in order. */
const lookupCostInNames = 4;
/** Above this many matches, reading them all through the token index is too slow whatever the page. */
export const lookupLimit = 50_000;

/**
 * Whether to read all matches through the token index and sort them, or to read the registrar's
 * names in order (from the end, for pages past the middle) until the page is full. Reading in order
 * costs the names passed on the way: about (matches before the page) / (share of names that match).
 */
export function choosePageRead(matches: number, registrarNames: number, offset: number, size: number): PageRead {
  const fromEnd = offset > matches / 2;
  const share = registrarNames === 0 ? 1 : matches / registrarNames;
  const namesPassed = (fromEnd ? Math.max(0, matches - offset) : offset + size) / Math.max(share, 1e-9);
  if (matches <= lookupLimit && matches * lookupCostInNames < namesPassed) return 'lookup';
  return fromEnd ? 'in-reverse-order' : 'in-order';
}

/** The smallest string greater than every string starting with `prefix` (C collation order). */
export function prefixUpperBound(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  const head = prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1));
  return head + String.fromCodePoint(last + 1);
}
