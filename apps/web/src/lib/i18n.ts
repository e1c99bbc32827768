import translator from './translator';
import { loadMessageTexts, messageTexts, visibleText } from '@registrar-panel/contract';
import { pseudoLanguage, startLanguage, type PageLanguage } from './language-choice';

/*
 * Texts live next to the code that shows them, one file per language: `app/{en,nl,fr,de}.json` for
 * the shell and `features/<area>/{en,nl,fr,de}.json` for each feature; the contract's message texts
 * (validation and the server's messages) go with the shell. Only the page's language is
 * downloaded: English's shell is in the app's first chunk (a first visit is English), another
 * language's shell and messages load before the app renders in it, and a feature's texts load with
 * its pages (lib/lazy-page.ts) in the languages in use. No language falls back on another (`***key***`).
 */
type Texts = Record<string, unknown>;

const englishShellFiles = import.meta.glob<{ default: Texts }>('../app/en.json', { eager: true });
const shellFiles = import.meta.glob<Texts>(['../app/*.json', '!../app/en.json'], { import: 'default' });
const featureFiles = import.meta.glob<Texts>('../features/*/*.json', { import: 'default' });

export const englishTexts: Texts = Object.assign({}, messageTexts, ...Object.values(englishShellFiles).map((file) => file.default)) as Texts;

async function pseudo(texts: Texts): Promise<Texts> {
  const { pseudoTexts } = await import('./pseudo-language');
  return pseudoTexts(texts);
}

/** The texts of one part (`app` or a feature) in one language, as its file holds them. */
async function textsOf(language: PageLanguage, part: string): Promise<Texts> {
  // The build-time values themselves, so that a production build drops the pseudo-language's chunk.
  if ((import.meta.env.DEV || import.meta.env.VITE_PSEUDO_LANGUAGE === 'on') && language === pseudoLanguage) return pseudo(await textsOf('en', part));
  if (language === pseudoLanguage) throw new Error('no pseudo-language outside development and tests');
  if (part === 'app') {
    if (language === 'en') return englishTexts;
    const load = shellFiles[`../app/${language}.json`];
    if (!load) throw new Error(`no shell texts in ${language}`);
    const [messages, shell] = await Promise.all([loadMessageTexts(language), load()]);
    return { ...messages, ...shell };
  }
  const load = featureFiles[`../features/${part}/${language}.json`];
  if (!load) throw new Error(`no texts for the feature ${part} in ${language}`);
  return load();
}

const loads = new Map<string, Promise<void>>();

/** Adds a part's texts in a language to the translator, once. */
function loadPart(language: PageLanguage, part: string): Promise<void> {
  const key = `${language}:${part}`;
  let loading = loads.get(key);
  if (!loading) {
    loading = textsOf(language, part).then((texts) => translator.addTexts(language, texts));
    loading.catch(() => loads.delete(key)); // a failed download may be tried again
    loads.set(key, loading);
  }
  return loading;
}

/** The features whose pages have loaded: a switch of language loads their texts too. */
const featuresInUse = new Set<string>();
/** The language a switch is on its way to, whose texts a feature loading meanwhile needs as well. */
let switchingTo: PageLanguage | undefined;

/** Adds the texts of `features/<feature>/` in the page's language (once); its pages call it before they render. */
export function loadFeatureTexts(feature: string): Promise<void> {
  if (!featureFiles[`../features/${feature}/en.json`]) return Promise.reject(new Error(`no texts for the feature ${feature}`));
  featuresInUse.add(feature);
  const current = translator.language as PageLanguage;
  const wanted = switchingTo && switchingTo !== current ? [current, switchingTo] : [current];
  return Promise.all(wanted.map((language) => loadPart(language, feature))).then(() => undefined);
}

/** The shell's texts in a language, without switching: the language offer speaks the language it offers. */
export const loadShellTexts = (language: PageLanguage): Promise<void> => loadPart(language, 'app');

/** Loads every text the page needs in `language`: the shell and the features in use. */
export async function loadLanguage(language: PageLanguage): Promise<void> {
  await Promise.all([loadPart(language, 'app'), ...[...featuresInUse].map((feature) => loadPart(language, feature))]);
}

/**
 * Turns the page into `language` in place: no reload, so what a form holds stays. Its texts load
 * first, so no text shows as missing in between; `<html lang>` follows (the `languageChanged` handler).
 */
export async function changePageLanguage(language: PageLanguage): Promise<void> {
  switchingTo = language;
  try {
    await loadLanguage(language);
    // A feature that started loading during the wait added itself to `featuresInUse`.
    await loadLanguage(language);
  } catch (error) {
    if (switchingTo === language) switchingTo = undefined;
    throw error;
  }
  if (switchingTo !== language) return; // a later choice overtook this one
  translator.changeLanguage(language);
  switchingTo = undefined;
}

/** What a missing key shows: the key between three asterisks on each side. */
export const missingKeyText = (key: string) => `***${key}***`;

export async function initI18n(language: PageLanguage = startLanguage()): Promise<void> {
  translator.onLanguageChanged((current) => {
    if (typeof document !== 'undefined') document.documentElement.lang = current; // unit tests run without one
  });
  translator.init({
    // No fallback between languages, nor from `en-XA` to `en` (the translator has none): a missing text shows as `***key***`.
    language,
    texts: { en: englishTexts },
    // React escapes markup; what a value still needs is its invisible controls made visible (lib/visible-text.ts).
    escape: visibleText,
    onMissing: (language, key) => console.warn(`missing translation: ${key} (${language})`),
    missingText: missingKeyText,
  });
  if (language !== 'en') await loadPart(language, 'app');
}
