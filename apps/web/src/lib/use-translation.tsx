import { cloneElement, Fragment, isValidElement, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import translator, { type TFunction, type TOptions } from './translator';

/*
 * The page's texts in components (lib/translator.ts): `useTranslation()` renders again when the
 * language changes, with a `t` of the new language (a new function, so memos keyed on it follow);
 * `Trans` puts elements around the parts of a text marked `<name>…</name>`.
 */

const subscribe = (onChange: () => void) => translator.onLanguageChanged(onChange);
const currentLanguage = () => translator.language;

export function useTranslation(): { t: TFunction; i18n: { language: string } } {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t: translator.getFixedT(language), i18n: { language } };
}

const tag = /<(\w+)>([\s\S]*?)<\/\1>/g;

/** A text whose `<name>…</name>` parts each become `components[name]` holding the part's words. */
export function Trans({ i18nKey, values, components }: { i18nKey: string; values?: TOptions; components: Record<string, ReactElement> }) {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(tag)) {
    const [whole, name = '', inner = ''] = match;
    parts.push(text.slice(at, match.index));
    const element = components[name];
    parts.push(isValidElement(element) ? cloneElement(element, { key: parts.length }, inner) : whole);
    at = match.index + whole.length;
  }
  parts.push(text.slice(at));
  return <Fragment>{parts}</Fragment>;
}
