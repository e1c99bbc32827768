import { loadMessageTexts, message, messageTexts, type Message } from '@registrar-panel/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistrar } from '../test/factories';
import { messagesOf } from '../test/http';
import { createTestApp, type TestApp } from '../test/test-app';
import { adminOf, createKey, keyRequest } from '../modules/api-keys/api-keys.test-support';

/*
 * The API's messages in the caller's language (Accept-Language), through the whole app: a route's
 * validation, the not-found answer, authentication, the input checks' early refusals; the key,
 * field and params as they were, English for everyone else, and the headers a cache needs.
 */
let t: TestApp;
let adminToken = '';
let apiKey = '';
beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  adminToken = await t.tokenFor(adminOf('alpha'));
  apiKey = (await createKey(t, { scopes: ['registrations'] })).secret;
});
afterAll(async () => t.close());

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url, headers });
}
const asAdmin = (language?: string) => ({ authorization: `Bearer ${adminToken}`, ...(language === undefined ? {} : { 'accept-language': language }) });

/** A key with its placeholders filled, in a language, as a user of that language reads it. */
async function textIn(language: 'nl' | 'fr' | 'de', key: keyof typeof messageTexts, params: Record<string, number> = {}) {
  const text = (await loadMessageTexts(language))[key];
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}

function expectLanguageHeaders(res: LightMyRequestResponse, language: string) {
  expect(res.headers['content-language']).toBe(language);
  expect(String(res.headers.vary).split(/\s*,\s*/)).toContain('Accept-Language');
}

describe('the API in the caller’s language', () => {
  it('answers a French validation error of a real route in French, keeping key, field and params', async () => {
    const body = keyRequest({ name: 'n'.repeat(300), scopes: [] });
    const res = await t.app.inject({ method: 'POST', url: '/services/apiKeys', headers: asAdmin('fr-BE,fr;q=0.9,en;q=0.5'), payload: body });
    expect(res.statusCode).toBe(400);
    const french = messagesOf(res);
    const english = messagesOf(await t.app.inject({ method: 'POST', url: '/services/apiKeys', headers: asAdmin(), payload: body }));
    // The same messages as English's, in the same order, only their texts in French.
    expect(french.map(({ defaultMessage: _, ...rest }) => rest)).toEqual(english.map(({ defaultMessage: _, ...rest }) => rest));
    const maxLength = french.find((m) => m.messageKey === 'validation.maxLength')!;
    expect(maxLength).toMatchObject({ field: 'name', params: { max: expect.any(Number) as number } });
    expect(maxLength.defaultMessage).toBe(await textIn('fr', 'validation.maxLength', maxLength.params as Record<string, number>));
    expect(maxLength.defaultMessage).toMatch(/^Trop de caractères\. La longueur maximale est de \d+ caractères\.$/);
    expect(french.find((m) => m.messageKey === 'validation.apiKeyScopes')?.defaultMessage).toBe('Choisissez au moins une portée.');
    expectLanguageHeaders(res, 'fr');
  });

  it('answers an unknown API path in Dutch', async () => {
    const res = await get('/services/nothing-here', asAdmin('nl'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ data: null, messages: [{ messageKey: 'error.notFound', defaultMessage: 'Het gevraagde item is niet gevonden.' }] });
    expectLanguageHeaders(res, 'nl');
  });

  it('answers a call without credentials in German', async () => {
    const res = await get('/services/config', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(res.statusCode).toBe(401);
    expect(messagesOf(res)).toEqual([{ messageKey: 'error.unauthorized', defaultMessage: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.' }]);
    expectLanguageHeaders(res, 'de');
  });

  it('refuses unstorable input in the caller’s language, before routing and after', async () => {
    const nul = await get('/services/config?x=%00', asAdmin('fr'));
    expect(nul.statusCode).toBe(400);
    expect(messagesOf(nul)).toEqual([{ messageKey: 'error.invalidCharacters', defaultMessage: await textIn('fr', 'error.invalidCharacters') }]);
    expectLanguageHeaders(nul, 'fr');
    const badPath = await get('/services/%FF', asAdmin('de'));
    expect(badPath.statusCode).toBe(400);
    expect(messagesOf(badPath)).toEqual([{ messageKey: 'error.invalidCharacters', defaultMessage: await textIn('de', 'error.invalidCharacters') }]);
    expectLanguageHeaders(badPath, 'de');
  });

  it('answers in English, word for word as built, without Accept-Language or with one naming none of the four', async () => {
    const headers: (Record<string, string> | undefined)[] = [
      undefined,
      { 'accept-language': 'es-ES, it;q=0.8' },
      { 'accept-language': '*' },
      { 'accept-language': '../' },
      { 'accept-language': '<script>alert(1)</script>' },
      { 'accept-language': `fr,${'x'.repeat(100_000)}` },
      { 'accept-language': `fr;q=0.9,${'nl;q=0.5,'.repeat(12_000)}` },
    ];
    for (const extra of headers) {
      const res = await get('/services/config', extra);
      expect(res.statusCode).toBe(401);
      expect(res.json(), JSON.stringify(extra)?.slice(0, 40)).toEqual({ data: null, messages: [message('error.unauthorized')] });
      expect(messagesOf(res)[0]?.defaultMessage).toBe('Your session has ended. Please sign in again.');
      expectLanguageHeaders(res, 'en');
    }
  });

  it('says the language of a successful answer too, merging Vary with the compression’s', async () => {
    const config = await get('/services/config', asAdmin('nl'));
    expect(config.statusCode).toBe(200);
    expect(config.json<{ messages: Message[] }>().messages).toEqual([]);
    expectLanguageHeaders(config, 'nl');
    const compressed = await get('/services/country', { ...asAdmin('de'), 'accept-encoding': 'gzip' });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(
      String(compressed.headers.vary)
        .toLowerCase()
        .split(/\s*,\s*/),
    ).toEqual(expect.arrayContaining(['accept-encoding', 'accept-language']));
    expectLanguageHeaders(compressed, 'de');
  });

  it('leaves the OpenAPI document English and says so', async () => {
    const french = await get('/services/openapi.json', { 'accept-language': 'fr' });
    expect(french.statusCode).toBe(200);
    expect(french.body).toBe((await get('/services/openapi.json')).body);
    expectLanguageHeaders(french, 'en');
  });

  it('speaks to an API key caller in its language too, and in English when it names none', async () => {
    const search = (language?: string) =>
      t.app.inject({
        url: '/services/domains/search?ulabel=%3Cb%3E&page=0&size=100',
        headers: { authorization: `Bearer ${apiKey}`, ...(language ? { 'accept-language': language } : {}) },
      });
    const french = await search('fr');
    expect(french.statusCode).toBe(400);
    expect(messagesOf(french)).toMatchObject([{ messageKey: 'search.domain.name.invalid', defaultMessage: await textIn('fr', 'search.domain.name.invalid') }]);
    expectLanguageHeaders(french, 'fr');
    const english = await search();
    expect(messagesOf(english)).toMatchObject([{ messageKey: 'search.domain.name.invalid', defaultMessage: messageTexts['search.domain.name.invalid'] }]);
    expectLanguageHeaders(english, 'en');
  });
});
