import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messageTexts } from '@registrar-panel/contract';

/*
 * English texts live next to the code that shows them: `app/en.json` for the shell and
 * `features/<area>/en.json` for each feature. Message keys from the contract come with their texts.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>(['../app/en.json', '../features/*/en.json'], { eager: true });

export const englishTexts: Record<string, unknown> = Object.assign({}, messageTexts, ...Object.values(files).map((file) => file.default)) as Record<
  string,
  unknown
>;

/** What a missing key shows: the key between three asterisks on each side. */
export const missingKeyText = (key: string) => `***${key}***`;

export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: { translation: englishTexts } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => console.warn(`missing translation: ${key}`),
    parseMissingKeyHandler: missingKeyText,
  });
}
