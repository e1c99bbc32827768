import type { Language } from './languages';
import { messageTexts, type MessageTexts } from './messages';

/*
 * Each language's message texts, one JSON file per language beside English's `messageTexts`. Each
 * file is imported on demand, so that a web page downloads only its own language (a chunk each) and
 * English costs nothing more; the server loads all four once. `satisfies MessageTexts` makes a
 * missing key a compile error; the catalogues' parity test checks placeholders and extra keys.
 */
const loaders: Readonly<Record<Language, () => Promise<MessageTexts>>> = {
  en: () => Promise.resolve(messageTexts),
  nl: () => import('./message-texts/nl.json', { with: { type: 'json' } }).then((file) => file.default satisfies MessageTexts),
  fr: () => import('./message-texts/fr.json', { with: { type: 'json' } }).then((file) => file.default satisfies MessageTexts),
  de: () => import('./message-texts/de.json', { with: { type: 'json' } }).then((file) => file.default satisfies MessageTexts),
};

/** The message texts of one language. */
export const loadMessageTexts = (language: Language): Promise<MessageTexts> => loaders[language]();
