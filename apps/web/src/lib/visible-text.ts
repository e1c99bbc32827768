import { visibleText } from '@registrar-panel/contract';

/*
 * The web's one display helper for text that came from outside: a typed username in the history, an
 * API key's name, a user's name, a registrar's organisation, a feed's contact. Control characters
 * and Unicode's bidirectional controls (contract `visibleText`) never reach the screen: each shows
 * as U+FFFD. Texts take it for every value they interpolate (lib/i18n.ts); components pass what
 * they show as it is through `visible`, a whole entry or list at once where that is simpler.
 */

/** The value with every string in it (in arrays and plain objects too) made visible; the rest as it is. */
export function visible<T>(value: T): T {
  if (typeof value === 'string') return visibleText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => visible(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, visible(item)])) as T;
  }
  return value;
}
