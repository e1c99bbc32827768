import type { FastifyInstance } from 'fastify';
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import type { Country } from '@registrar-panel/contract';
import { ok } from '../../plugins/envelope';

countries.registerLocale(english);

/** Every ISO 3166-1 country with its English name, sorted by name; answered as `data.results` (spec section 7). */
export function listCountries(): Country[] {
  return Object.entries(countries.getNames('en', { select: 'official' }))
    .map(([iso2, name]) => ({ iso2, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export async function countryRoutes(app: FastifyInstance) {
  const all = listCountries();
  app.get('/country', async (_request, reply) => {
    void reply.header('cache-control', 'private, max-age=86400');
    return ok({ results: all });
  });
}
