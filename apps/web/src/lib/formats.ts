import { formatNumber, formatRegistrationDate, formatRegistrationDay, type DateInput, type Language } from '@registrar-panel/contract';
import { usePageLanguage } from './language';
import { pseudoLanguage, type PageLanguage } from './language-choice';

/** The contract's tables know the four; the pseudo-language writes as English does. */
const tableLanguage = (language: PageLanguage): Language => (language === pseudoLanguage ? 'en' : language);

/**
 * Numbers and registration dates in the page's language, from the contract's fixed tables
 * (language-formats.ts): `const { count } = useFormats(); count(12345)` is '12.345' in Dutch.
 * Timestamps need none: 'YYYY/MM/DD HH:mm:ss CET' is the same in every language (spec section 9).
 */
export function useFormats() {
  const language = tableLanguage(usePageLanguage());
  return {
    /** The language of the contract's tables: the page's, English for the pseudo-language. */
    language,
    count: (value: number) => formatNumber(value, language),
    registrationDate: (value: DateInput) => formatRegistrationDate(value, language),
    registrationDay: (value: DateInput) => formatRegistrationDay(value, language),
  };
}
