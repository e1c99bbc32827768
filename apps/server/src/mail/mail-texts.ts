import { formatDateTime, type Language } from '@registrar-panel/contract';
import { translator, type TextKey, type Translate } from '../lib/texts';
import de from './texts/de.json' with { type: 'json' };
import en from './texts/en.json' with { type: 'json' };
import fr from './texts/fr.json' with { type: 'json' };
import nl from './texts/nl.json' with { type: 'json' };

/*
 * The portal's mails in the four languages (web: apps/web/src/test/catalogues.ts holds the catalogues
 * to parity and the glossaries). A user's mail is in their chosen language, a registrar's contact's
 * in the registrar's (mail/recipients.ts); English otherwise. Times are Brussels time in the portal's
 * format (`YYYY/MM/dd HH:mm:ss CET`), the same in every language.
 */

const catalogues = { en, nl, fr, de } satisfies Record<Language, Record<string, string>>;

export type MailTextKey = TextKey<typeof en>;

export interface MailTexts {
  language: Language;
  t: Translate<MailTextKey>;
  /** An instant as every mail writes it: Brussels time, the portal's format. */
  time: (at: Date) => string;
}

export function mailTexts(language: Language): MailTexts {
  return { language, t: translator<MailTextKey>(catalogues, language), time: (at) => formatDateTime(at) };
}

/** A mail's addressee and the language it is written in. */
export interface Recipient {
  email: string;
  language: Language;
}
