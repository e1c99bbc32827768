import { matchLanguage } from '@registrar-panel/contract';
import translator from './translator';
import { useTranslation } from './use-translation';
import { changePageLanguage } from './i18n';
import { storeLanguage, takeAddressChoice, type PageLanguage } from './language-choice';

type LanguageListener = (language: PageLanguage) => void | Promise<void>;
const listeners = new Set<LanguageListener>();

/**
 * Calls `listener` each time the user chooses a language (switcher, offer); returns how to stop.
 * Where the server step plugs in: saving the choice as the signed-in user's preference.
 */
export function onLanguageChosen(listener: LanguageListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user's choice: kept in this browser, the page turned into it, then the listeners told. */
export async function chooseLanguage(language: PageLanguage): Promise<void> {
  storeLanguage(language);
  await changePageLanguage(language);
  for (const listener of listeners) Promise.resolve(listener(language)).catch((error: unknown) => console.error(error));
}

/**
 * A signed-in user's preference from the server (`CurrentUser.preferredLanguage`), the latest choice
 * made on any device: kept here and shown, without telling the listeners (it came from the server).
 * An address that named a language (`?lang=`) on the way to this start wins for this browser.
 */
export async function followUserLanguage(preference: unknown): Promise<void> {
  if (takeAddressChoice()) return;
  const language = matchLanguage(preference);
  if (!language || language === translator.language) return;
  storeLanguage(language);
  await changePageLanguage(language);
}

/** The page's language, re-rendering when it changes. */
export function usePageLanguage(): PageLanguage {
  return useTranslation().i18n.language as PageLanguage;
}
