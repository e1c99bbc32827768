import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import dutch from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import french from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import german from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import type { Country, Language } from '@registrar-panel/contract';
import type { ApiHandlers } from '../../plugins/api-routes';
import { requestLanguage } from '../../plugins/message-language';

// The package's own fixed names, not ICU's: the same on every Node version.
for (const locale of [english, dutch, french, german]) countries.registerLocale(locale);

/*
 * Which of the package's names a language shows. Its first name is the one English has always
 * shown ('Belgium', 'United States of America'), and French's and German's are the same kind; its
 * Dutch first names are the states' formal names ('Koninkrijk België', 'Republiek Oostenrijk'), so
 * Dutch takes the common name, the package's second ('België', 'Oostenrijk').
 */
const nameKind: Readonly<Record<Language, 'official' | 'alias'>> = { en: 'official', nl: 'alias', fr: 'official', de: 'official' };

const lists = new Map<Language, Country[]>();

/**
 * Every ISO 3166-1 country with its name in `language`, sorted by that language's collation ('Égypte'
 * among the E's in French, 'Österreich' among the O's in German); built once per language.
 */
export function listCountries(language: Language = 'en'): Country[] {
  let list = lists.get(language);
  if (!list) {
    const collator = new Intl.Collator(language);
    list = Object.entries(countries.getNames(language, { select: nameKind[language] }))
      .map(([iso2, name]) => ({ iso2, name }))
      .sort((a, b) => collator.compare(a.name, b.name));
    lists.set(language, list);
  }
  return list;
}

/**
 * `GET /services/country`: the list in the caller's language (`Accept-Language`, spec section 7),
 * the same for everyone who asks in it, so a browser keeps it for a day; the answer's
 * `Vary: Accept-Language` (plugins/message-language.ts) keeps each language's apart.
 */
export function countryHandlers(): Pick<ApiHandlers, 'listCountries'> {
  return {
    listCountries: async (_input, { request, reply }) => {
      void reply.header('cache-control', 'private, max-age=86400');
      return { results: listCountries(requestLanguage(request)) };
    },
  };
}
