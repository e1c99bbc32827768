import type { Country } from '@registrar-panel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { countriesQueryOptions, useCountryName } from './countries';
import { changePageLanguage, initI18n } from './i18n';

/*
 * The country list follows the page's language: asked in it, sorted in its order, and cached per
 * language, so that a switch shows the names in the new language. fetch is the boundary; the server's
 * answer per Accept-Language is modelled on its real names.
 */
const names: Record<string, Country[]> = {
  en: [
    { iso2: 'DE', name: 'Germany' },
    { iso2: 'EG', name: 'Egypt' },
  ],
  fr: [
    { iso2: 'ES', name: 'Espagne' },
    { iso2: 'DE', name: 'Allemagne' },
    { iso2: 'EG', name: 'Égypte' },
    { iso2: 'ZA', name: 'Afrique du Sud' },
  ],
};
const fetchMock = vi.fn<typeof fetch>((_url, init) => {
  const language = (init?.headers as Record<string, string>)['accept-language'] ?? 'en';
  return Promise.resolve(
    new Response(JSON.stringify({ data: { results: names[language] }, messages: [] }), { headers: { 'content-type': 'application/json' } }),
  );
});

beforeAll(async () => {
  await initI18n('en');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  await changePageLanguage('en');
});

function CountryName({ iso2 }: { iso2: string }) {
  return <span>{useCountryName()(iso2)}</span>;
}

describe('the country list', () => {
  it("is asked in the page's language and sorted in that language's order", async () => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('window', { location: { origin: 'https://panel.example' }, scrollTo: vi.fn() });
    await changePageLanguage('fr');
    const list = await new QueryClient().fetchQuery(countriesQueryOptions('fr'));
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ 'accept-language': 'fr' });
    expect(list.map((country) => country.name)).toEqual(['Afrique du Sud', 'Allemagne', 'Égypte', 'Espagne']);
  });

  it('names a country in the language the page switched to: each language has its own cache entry', async () => {
    const client = new QueryClient();
    for (const language of ['en', 'fr'] as const) client.setQueryData(countriesQueryOptions(language).queryKey, names[language]);
    const shown = () =>
      renderToStaticMarkup(
        <QueryClientProvider client={client}>
          <CountryName iso2="DE" />
        </QueryClientProvider>,
      );
    expect(shown()).toBe('<span>Germany</span>');
    await changePageLanguage('fr');
    expect(shown()).toBe('<span>Allemagne</span>');
  });
});
