import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messageTexts, visibleText } from '@registrar-panel/contract';

/*
 * English texts live next to the code that shows them: `app/en.json` for the shell and
 * `features/<area>/en.json` for each feature. Message keys from the contract come with their texts.
 * The shell's and the contract's are in the app's first chunk; a feature's load with its pages
 * (lib/lazy-page.ts), so the first page does not wait for every feature's texts.
 */
const shellFiles = import.meta.glob<{ default: Record<string, unknown> }>('../app/en.json', { eager: true });
const featureFiles = import.meta.glob<Record<string, unknown>>('../features/*/en.json', { import: 'default' });

export const englishTexts: Record<string, unknown> = Object.assign({}, messageTexts, ...Object.values(shellFiles).map((file) => file.default)) as Record<
  string,
  unknown
>;

const featureTexts = new Map<string, Promise<void>>();

/** Adds the texts of `features/<feature>/en.json` (once); its pages call it before they render. */
export function loadFeatureTexts(feature: string): Promise<void> {
  let loading = featureTexts.get(feature);
  if (!loading) {
    const load = featureFiles[`../features/${feature}/en.json`];
    if (!load) return Promise.reject(new Error(`no texts for the feature ${feature}`));
    loading = load().then((texts) => void i18next.addResourceBundle('en', 'translation', texts, true, false));
    featureTexts.set(feature, loading);
  }
  return loading;
}

/** What a missing key shows: the key between three asterisks on each side. */
export const missingKeyText = (key: string) => `***${key}***`;

export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: { translation: englishTexts } },
    keySeparator: false,
    nsSeparator: false,
    // React escapes markup; what a value still needs is its invisible controls made visible (lib/visible-text.ts).
    interpolation: { escapeValue: true, escape: visibleText },
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => console.warn(`missing translation: ${key}`),
    parseMissingKeyHandler: missingKeyText,
  });
}
