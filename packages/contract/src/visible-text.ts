/*
 * Text that came from outside (a typed name, a registrar's organisation, a feed's contact, a user
 * agent) is shown and exported with its invisible controls made visible: C0 and C1 control
 * characters, and Unicode's bidirectional controls, which can make text read backwards or pull
 * the text around it out of order ("Trojan Source", CVE-2021-42574). Each becomes U+FFFD, so a
 * reader sees that something was there. The web's one display helper (apps/web/src/lib/visible-text.ts)
 * and the server's CSV writer (apps/server/src/lib/csv.ts, in JavaScript and in SQL) use this list.
 */

/** The code points never shown, as [first, last] ranges: C0, DEL and C1; ALM; LRM, RLM; LRE…RLO; LRI…PDI. */
export const invisibleControlRanges: readonly (readonly [number, number])[] = [
  [0x00, 0x1f],
  [0x7f, 0x9f],
  [0x061c, 0x061c],
  [0x200e, 0x200f],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];

/** What each of them is shown as. */
export const invisibleControlReplacement = '\uFFFD';

const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
const invisibleControls = new RegExp(`[${invisibleControlRanges.map(([first, last]) => `${hex(first)}-${hex(last)}`).join('')}]`, 'g');

/** The text with every invisible control replaced by U+FFFD; the same text when it holds none. */
export function visibleText(text: string): string {
  return text.replace(invisibleControls, invisibleControlReplacement);
}
