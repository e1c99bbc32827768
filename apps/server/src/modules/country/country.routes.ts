import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import type { Country } from '@registrar-panel/contract';
import type { ApiHandlers } from '../../plugins/api-routes';

countries.registerLocale(english);

/** Every ISO 3166-1 country with its English name, sorted by name; answered as `data.results` (spec section 7). */
export function listCountries(): Country[] {
  return Object.entries(countries.getNames('en', { select: 'official' }))
    .map(([iso2, name]) => ({ iso2, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** `GET /services/country`: the same list for everyone, so a browser keeps it for a day. */
export function countryHandlers(): Pick<ApiHandlers, 'listCountries'> {
  const all = listCountries();
  return {
    listCountries: async (_input, { reply }) => {
      void reply.header('cache-control', 'private, max-age=86400');
      return { results: all };
    },
  };
}
