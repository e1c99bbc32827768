import type { Language } from '@registrar-panel/contract';
import { escapeHtml, SafeHtml } from '../pages/html';
import { fillPlaceholders, rawText, translator, type TextKey, type TextParams, type Translate } from '../../lib/texts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import nl from './nl.json' with { type: 'json' };

/* The identity pages' texts (web: apps/web/src/test/catalogues.ts holds them to parity and the glossaries). */

const catalogues = { en, nl, fr, de } satisfies Record<Language, Record<string, string>>;

export type IdentityTextKey = TextKey<typeof en>;

/** The identity pages' words in one language, as text, and as HTML where a text marks a value `<strong>`. */
export interface IdentityTexts {
  language: Language;
  t: Translate<IdentityTextKey>;
  /** The text escaped, its `<strong>` marks kept and its placeholders filled with escaped values. */
  rich: (key: IdentityTextKey, params?: TextParams) => SafeHtml;
}

export function identityTexts(language: Language): IdentityTexts {
  return {
    language,
    t: translator<IdentityTextKey>(catalogues, language),
    rich(key, params = {}) {
      const text = escapeHtml(rawText(catalogues[language], language, key, params)).replace(/&lt;(\/?)strong&gt;/g, '<$1strong>');
      return new SafeHtml(fillPlaceholders(text, params, escapeHtml));
    },
  };
}
