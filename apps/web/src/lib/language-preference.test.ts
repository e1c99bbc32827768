import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authSession, type AuthSession } from './auth';
import { initI18n } from './i18n';
import { chooseLanguage } from './language';
import { saveLanguageChoices } from './language-preference';

/* fetch is the boundary: what the server is sent when a signed-in user chooses a language. */
const fetchMock = vi.fn<typeof fetch>();
let stop: () => void = () => undefined;
const stored = new Map<string, string>();

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('window', {
    location: { origin: 'https://panel.example' },
    scrollTo: () => undefined,
    localStorage: { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) },
  });
  vi.stubGlobal('document', { documentElement: { lang: 'en', setAttribute: () => undefined } });
  fetchMock.mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify({ data: null, messages: [] }), { headers: { 'content-type': 'application/json' } })),
  );
  await initI18n();
  stop = saveLanguageChoices();
});

afterEach(() => {
  stop();
  authSession.set(null);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const signedIn = { user: { username: 'ann@acme' }, getAccessToken: () => Promise.resolve('token') } as unknown as AuthSession;

async function sent(): Promise<{ url: string; method: string; body: unknown }[]> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return fetchMock.mock.calls.map(([url, init]) => ({
    url: url instanceof Request ? url.url : url.toString(),
    method: init?.method ?? 'GET',
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
  }));
}

describe("a signed-in user's choice of language", () => {
  it('is saved on the server as their preference', async () => {
    authSession.set(signedIn);
    await chooseLanguage('fr');
    expect(await sent()).toEqual([{ url: expect.stringMatching(/\/services\/me\/language$/) as unknown, method: 'PUT', body: { language: 'fr' } }]);
  });

  it('is only kept in the browser without a session, and the pseudo-language never reaches the server', async () => {
    await chooseLanguage('de');
    authSession.set(signedIn);
    await chooseLanguage('en-XA');
    expect(await sent()).toEqual([]);
  });
});
