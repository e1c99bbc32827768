/*
 * The pseudo-language's texts (language-choice.ts, `en-XA`): each English text accented, 40 % longer
 * and between brackets, so that a screen shows at a glance a text that skips the catalogues (no
 * brackets), a cut-off one (no closing bracket) and a box too tight for German or French. Placeholders
 * and tags stay as they are: the translator and <Trans> still fill them.
 */

const accents: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ö',
  u: 'ü',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  E: 'É',
  I: 'Î',
  O: 'Ø',
  U: 'Ü',
  C: 'Ç',
  N: 'Ñ',
  S: 'Š',
  Y: 'Ý',
  Z: 'Ž',
};
const filler = 'ŀöŗéɱ íƥšüɱ ðöŀöŗ šíţ áɱéţ çöñšéçţéţüŗ ';
const untouched = /(\{\{[^}]*\}\}|<[^>]*>|\$t\([^)]*\))/;

/** One text in the pseudo-language. */
export function pseudoText(text: string): string {
  const accented = text
    .split(untouched)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[a-zA-Z]/g, (letter) => accents[letter] ?? letter)))
    .join('');
  const extra = Math.ceil(text.length * 0.4);
  const padding = filler
    .repeat(Math.ceil(extra / filler.length) + 1)
    .slice(0, extra)
    .trim();
  return `[${accented}${padding ? ` ${padding}` : ''}]`;
}

/** The product's name, which every language keeps as it is (so a real language never makes it longer). */
const keptAsTheyAre = new Set(['app.header.title', 'app.header.titleLoading']);

/** A catalogue in the pseudo-language. */
export const pseudoTexts = (texts: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, typeof text === 'string' && !keptAsTheyAre.has(key) ? pseudoText(text) : text]));
