import type { Country } from '@registrar-panel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/* The country list in the caller's language, sorted as that language sorts, and kept apart per language by caches. */
let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  token = await t.tokenFor({ username: 'support@alpha' });
});
afterAll(async () => t.close());

async function countries(acceptLanguage?: string) {
  const res = await t.app.inject({
    url: '/services/country',
    headers: { authorization: `Bearer ${token}`, ...(acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage }) },
  });
  expect(res.statusCode).toBe(200);
  return { res, list: res.json<{ data: { results: Country[] } }>().data.results };
}
const nameOf = (list: Country[], iso2: string) => list.find((country) => country.iso2 === iso2)?.name;
const namesOf = (list: Country[]) => list.map((country) => country.name);

describe('GET /services/country', () => {
  it('answers in English as before when the caller names no language of the portal', async () => {
    for (const header of [undefined, 'es', '../', '<script>']) {
      const { res, list } = await countries(header);
      expect(nameOf(list, 'DE')).toBe('Germany');
      expect(nameOf(list, 'BE')).toBe('Belgium');
      expect(namesOf(list)).toEqual([...namesOf(list)].sort((a, b) => a.localeCompare(b, 'en')));
      expect(res.headers['content-language']).toBe('en');
    }
  });

  it('names the countries in French, Égypte among the E’s', async () => {
    const { res, list } = await countries('fr-BE,fr;q=0.9');
    expect(nameOf(list, 'DE')).toBe('Allemagne');
    expect(nameOf(list, 'BE')).toBe('Belgique');
    const names = namesOf(list);
    const egypt = names.indexOf('Égypte');
    // Between the D's and the other E's, not after the Z's as an order by code points would put it.
    expect(names.indexOf('Dominique')).toBeLessThan(egypt);
    expect(egypt).toBeLessThan(names.indexOf('El Salvador'));
    expect(names.indexOf('Équateur')).toBeLessThan(names.indexOf('Espagne'));
    expect(res.headers['content-language']).toBe('fr');
  });

  it('names them in German, Österreich among the O’s, and in Dutch by their common names', async () => {
    const german = namesOf((await countries('de')).list);
    const austria = german.indexOf('Österreich');
    expect(german.indexOf('Oman')).toBeLessThan(austria);
    expect(austria).toBeLessThan(german.indexOf('Pakistan'));
    const dutch = (await countries('nl')).list;
    expect(nameOf(dutch, 'BE')).toBe('België');
    expect(nameOf(dutch, 'AT')).toBe('Oostenrijk');
  });

  it('keeps each language’s list apart in caches: the day-long cache varies by Accept-Language', async () => {
    const { res } = await countries('de');
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    expect(String(res.headers.vary).split(/\s*,\s*/)).toContain('Accept-Language');
  });
});
