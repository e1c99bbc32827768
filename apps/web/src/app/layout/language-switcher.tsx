import { languageNames } from '@registrar-panel/contract';
import { useTranslation } from '../../lib/use-translation';
import { chooseLanguage, usePageLanguage } from '../../lib/language';
import { matchPageLanguage, pageLanguages, pseudoLanguage, type PageLanguage } from '../../lib/language-choice';
import { Icon } from '../../components/icon';
// The globe the brand mark already draws: no icon of its own in the first chunk.
import globe2Icon from 'bootstrap-icons/icons/globe2.svg?raw';

const nameOf = (language: PageLanguage) => (language === pseudoLanguage ? 'Pseudo (en-XA)' : languageNames[language]);

/**
 * The language switcher in the header of every page: a native select (keyboard, screen readers and
 * phones' own pickers for free) laid over what it shows, the language's name, or its code on a
 * phone where the header has no room for 'Nederlands'. Each name is written in its own language.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = usePageLanguage();

  const choose = (value: string) => {
    const chosen = matchPageLanguage(value);
    if (chosen && chosen !== language) chooseLanguage(chosen).catch((error: unknown) => console.error(error));
  };

  return (
    <span className="app-language-switcher" data-testid="language-switcher">
      <span className="app-language-shown" aria-hidden="true">
        <Icon svg={globe2Icon} className="d-none d-sm-inline" />
        <span className="d-none d-sm-inline">{nameOf(language)}</span>
        <span className="d-sm-none text-uppercase">{language === pseudoLanguage ? 'XA' : language}</span>
      </span>
      <select
        className="app-language-select"
        aria-label={t('app.language.label')}
        value={language}
        onChange={(event) => choose(event.target.value)}
        data-testid="language-select"
      >
        {pageLanguages.map((option) => (
          <option key={option} value={option} lang={option}>
            {nameOf(option)}
          </option>
        ))}
      </select>
    </span>
  );
}
