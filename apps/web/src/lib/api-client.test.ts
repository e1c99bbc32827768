import { messageTexts, type Envelope } from '@registrar-panel/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from './alerts';
import { apiPath, apiRequest, ApiError, callApi } from './api-client';
import { authSession, type AuthSession } from './auth';
import { changePageLanguage, initI18n } from './i18n';
import { accessRefused } from './registrar-blocked';
import { pendingRequests } from './spinner';

/*
 * fetch is the boundary: each test answers it the way the server (or a proxy in front of it) does.
 * The unit runs in Node, so the two window members the client uses are provided.
 */
const fetchMock = vi.fn<typeof fetch>();
const scrollTo = vi.fn();

function answer(status: number, body: string, contentType = 'application/json') {
  fetchMock.mockResolvedValueOnce(new Response(body, { status, headers: { 'content-type': contentType } }));
}
function envelope<T>(data: T | null, messages: Envelope<T>['messages'] = []): string {
  return JSON.stringify({ data, messages });
}
const alertTexts = () => alertStore.get().map((alert) => `${alert.type}: ${alert.message}`);

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('window', { location: { origin: 'https://panel.example' }, scrollTo });
  alertStore.set([]);
  pendingRequests.set(0);
  authSession.set(null);
  accessRefused.set(null);
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  scrollTo.mockReset();
});

describe('apiRequest', () => {
  it('returns data, sends the bearer token, JSON body and the defined query parameters', async () => {
    const session: AuthSession = {
      user: { firstName: 'Ada', lastName: 'Admin', username: 'admin@acme', email: 'ada@acme.example', registrarHandle: 'acme', roles: ['ADMIN'] },
      getAccessToken: () => Promise.resolve('token-1'),
      signInAgain: vi.fn(),
      signedInAt: () => undefined,
      reauthenticate: vi.fn(),
      logout: vi.fn(),
    };
    authSession.set(session);
    answer(200, envelope({ ipAddresses: ['192.0.2.1'] }));

    const data = await apiRequest<{ ipAddresses: string[] }>('/services/registrar/epp/ip', {
      method: 'PUT',
      query: { page: 0, ulabel: 'a b', size: undefined },
      body: { ipAddresses: ['192.0.2.1'] },
    });

    expect(data).toEqual({ ipAddresses: ['192.0.2.1'] });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/services/registrar/epp/ip?page=0&ulabel=a+b');
    expect(init?.method).toBe('PUT');
    expect(init?.headers).toMatchObject({ authorization: 'Bearer token-1', 'content-type': 'application/json' });
    expect(init?.body).toBe('{"ipAddresses":["192.0.2.1"]}');
    expect(alertTexts()).toEqual([]);
  });

  it('shows every message of a successful answer as an error alert, "Unknown error." for an empty text, and scrolls to the top', async () => {
    answer(
      200,
      envelope({ ok: true }, [
        { messageKey: 'some.warning', defaultMessage: 'The registry is in maintenance tonight.' },
        { messageKey: 'no.text', defaultMessage: '' },
      ]),
    );
    await expect(apiRequest('/services/registrar')).resolves.toEqual({ ok: true });
    expect(alertTexts()).toEqual(['error: The registry is in maintenance tonight.', 'error: Unknown error.']);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('leaves the messages the caller handles to the caller and alerts the others', async () => {
    answer(
      400,
      envelope(null, [
        { messageKey: 'unsafe.password', defaultMessage: 'This password is not safe.', field: 'newPassword' },
        { messageKey: 'epp.password.wrong', defaultMessage: 'The current password is not correct.' },
      ]),
    );
    const error = await failureOf(apiRequest('/services/registrar/epp/password', { method: 'PUT', body: {}, handledKeys: ['unsafe.password'] }));
    expect(error.status).toBe(400);
    expect(error.has('unsafe.password')?.defaultMessage).toBe('This password is not safe.');
    expect(error.has('epp.password.wrong')).toBeUndefined();
    expect(alertTexts()).toEqual(['error: The current password is not correct.']);
  });

  it('raises a handled message of a successful answer to the caller without an alert', async () => {
    answer(200, envelope(null, [{ messageKey: 'no.transfer.history', defaultMessage: 'No transfer history.' }]));
    const error = await failureOf(apiRequest('/services/transfer/example.be', { handledKeys: ['no.transfer.history'] }));
    expect(error.has('no.transfer.history')).toBeDefined();
    expect(alertTexts()).toEqual([]);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('reads the messages of an HTTP error from a body sent as text that holds JSON', async () => {
    answer(409, envelope(null, [{ messageKey: 'users.exists', defaultMessage: 'This username is already taken.' }]), 'text/plain');
    const error = await failureOf(apiRequest('/services/users', { method: 'POST', body: {} }));
    expect(error.status).toBe(409);
    expect(alertTexts()).toEqual(['error: This username is already taken.']);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('says "An internal error occurred." when an HTTP error carries no messages', async () => {
    answer(502, '<html>Bad gateway</html>', 'text/html');
    const error = await failureOf(apiRequest('/services/registrar'));
    expect(error.status).toBe(502);
    expect(alertTexts()).toEqual(['error: An internal error occurred.']);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('uses the text the caller supplies for that case', async () => {
    answer(500, envelope(null, []));
    await failureOf(
      apiRequest('/services/me/password', { method: 'DELETE', fallbackError: 'An internal error occurred while attempting to reset your password.' }),
    );
    expect(alertTexts()).toEqual(['error: An internal error occurred while attempting to reset your password.']);
  });

  it('shows a 429 of the API (a rate limit) as the "Too many requests" alert, even where the caller has its own error text', async () => {
    const tooMany = 'Too many requests. Please wait a moment and try again.';
    answer(429, envelope(null, [{ messageKey: 'error.tooManyRequests', defaultMessage: tooMany }]));
    const error = await failureOf(
      apiRequest('/services/me/password', {
        method: 'DELETE',
        handledKeys: ['error.internal'],
        fallbackError: 'An internal error occurred while attempting to reset your password.',
      }),
    );
    expect(error.status).toBe(429);
    expect(alertTexts()).toEqual([`error: ${tooMany}`]);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });

    // A proxy's 429 carries no envelope: the same words, not "internal error".
    alertStore.set([]);
    answer(429, '<html>429 Too Many Requests</html>', 'text/html');
    expect((await failureOf(apiRequest('/services/registrar'))).status).toBe(429);
    expect(alertTexts()).toEqual([`error: ${tooMany}`]);
  });

  it("says what it says of its own in the page's language, and asks the server for that language", async () => {
    await changePageLanguage('fr');
    try {
      answer(502, '<html>Bad gateway</html>', 'text/html');
      await failureOf(apiRequest('/services/registrar'));
      answer(429, '<html>429 Too Many Requests</html>', 'text/html');
      await failureOf(apiRequest('/services/registrar'));
      answer(200, envelope({ ok: true }, [{ messageKey: 'no.text', defaultMessage: '' }]));
      await apiRequest('/services/registrar');
      expect(alertTexts()).toEqual([
        "error: Une erreur interne s'est produite.",
        'error: Trop de requêtes. Veuillez patienter un instant et réessayer.',
        'error: Erreur inconnue.',
      ]);
      expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ 'accept-language': 'fr' });
    } finally {
      await changePageLanguage('en');
    }
  });

  it('alerts once when the network fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failureOf(apiRequest('/services/registrar'));
    expect(error.status).toBe(0);
    expect(alertTexts()).toEqual(['error: An internal error occurred.']);
  });

  it('alerts nothing for a quiet call, and hands every message to the caller', async () => {
    answer(500, '<html>Internal Server Error</html>', 'text/html');
    expect((await failureOf(apiRequest('/services/country', { quiet: true }))).status).toBe(500);
    const message = { messageKey: 'error.internal', defaultMessage: 'An internal error occurred.' };
    answer(503, envelope(null, [message]));
    expect((await failureOf(apiRequest('/services/country', { quiet: true }))).messages).toEqual([message]);
    answer(200, envelope({ results: [] }, [message]));
    expect((await failureOf(apiRequest('/services/country', { quiet: true }))).messages).toEqual([message]);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await failureOf(apiRequest('/services/country', { quiet: true }))).status).toBe(0);
    expect(alertTexts()).toEqual([]);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('sends the user to sign in again on 401, without an alert', async () => {
    const signInAgain = vi.fn(() => Promise.resolve());
    authSession.set({
      user: { firstName: 'T', lastName: 'T', username: 'tech@acme', email: 't@acme.example', registrarHandle: 'acme', roles: ['TECH'] },
      getAccessToken: () => Promise.resolve('expired'),
      signInAgain,
      signedInAt: () => undefined,
      reauthenticate: vi.fn(),
      logout: vi.fn(),
    });
    answer(401, envelope(null, [{ messageKey: 'unauthorized', defaultMessage: 'Please sign in.' }]));
    const error = await failureOf(apiRequest('/services/registrar'));
    expect(error.status).toBe(401);
    expect(signInAgain).toHaveBeenCalledOnce();
    expect(alertTexts()).toEqual([]);
  });

  it('keeps the spinner count up until the last of parallel requests ends, failed ones included', async () => {
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (release = resolve)));
    answer(500, 'oops', 'text/plain');

    const slow = apiRequest('/services/registrar');
    const failing = failureOf(apiRequest('/services/country'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await failing;
    expect(pendingRequests.get()).toBe(1);

    release(new Response(envelope({ done: true }), { status: 200 }));
    await slow;
    expect(pendingRequests.get()).toBe(0);
  });
});

describe("the registrar's status", () => {
  it('alerts the refusal of a change while the registrar is suspended, like any other message', async () => {
    const text = 'Your registrar is suspended: the registry does not accept changes until it is active again.';
    answer(403, envelope(null, [{ messageKey: 'registrar.suspended', defaultMessage: text }]));
    const error = await failureOf(apiRequest('/services/registrar/epp/ip', { method: 'PUT', body: { ipAddresses: [] } }));
    expect(error.status).toBe(403);
    expect(alertTexts()).toEqual([`error: ${text}`]);
    expect(accessRefused.get()).toBeNull();
  });

  it('turns a blocked registrar into the page-level notice, with no alert, even for a quiet call', async () => {
    const blocked = { messageKey: 'registrar.accessBlocked', defaultMessage: "Your registrar's access to the registrar panel is blocked." };
    answer(403, envelope(null, [blocked]));
    const error = await failureOf(apiRequest('/services/registrar'));
    expect(error.status).toBe(403);
    expect(error.messages).toEqual([]);
    expect(accessRefused.get()).toBe('registrar.accessBlocked');
    expect(alertTexts()).toEqual([]);

    accessRefused.set(null);
    answer(403, envelope(null, [blocked]));
    await failureOf(apiRequest('/services/country', { quiet: true }));
    expect(accessRefused.get()).toBe('registrar.accessBlocked');
  });

  it("turns the end of the user's own access into the page-level notice, without sending them to sign in again", async () => {
    const signInAgain = vi.fn(() => Promise.resolve());
    authSession.set({
      user: { firstName: 'T', lastName: 'T', username: 'tech@acme', email: 't@acme.example', registrarHandle: 'acme', roles: ['TECH'] },
      getAccessToken: () => Promise.resolve('token'),
      signInAgain,
      signedInAt: () => undefined,
      reauthenticate: vi.fn(),
      logout: vi.fn(),
    });
    answer(403, envelope(null, [{ messageKey: 'access.ended', defaultMessage: messageTexts['access.ended'] }]));
    const error = await failureOf(apiRequest('/services/registrar'));
    expect(error.status).toBe(403);
    expect(accessRefused.get()).toBe('access.ended');
    expect(signInAgain).not.toHaveBeenCalled();
    expect(alertTexts()).toEqual([]);
  });
});

describe('callApi, by operation id', () => {
  it("sends the operation's method to its path, the parameter encoded, with the body, and answers `data`", async () => {
    answer(200, envelope(null));
    await expect(
      callApi('updateUser', { params: { username: 'jan@acme' }, body: { name: 'Jan', email: 'jan@acme.example', roles: ['TECH'] } }),
    ).resolves.toBeNull();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/services/users/jan%40acme');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"name":"Jan","email":"jan@acme.example","roles":["TECH"]}');
  });

  it("leaves the keys the route table marks to the caller (spec's three included) and alerts every other key", async () => {
    const unsafe = { messageKey: 'unsafe.password', defaultMessage: messageTexts['unsafe.password'], severity: 'ERROR' } as const;
    const wrong = { messageKey: 'epp.password.wrong', defaultMessage: messageTexts['epp.password.wrong'], severity: 'ERROR' } as const;
    answer(400, envelope(null, [unsafe, wrong]));
    const error = await failureOf(callApi('changeEppPassword', { body: { oldPassword: 'a', newPassword: 'b' } }));
    expect(error.messages).toEqual([unsafe]);
    expect(alertTexts()).toEqual([`error: ${messageTexts['epp.password.wrong']}`]);

    alertStore.set([]);
    const noTransfer = { messageKey: 'no.transfer.history', defaultMessage: messageTexts['no.transfer.history'], severity: 'INFO' } as const;
    answer(200, envelope({ transfer: null }, [noTransfer]));
    expect((await failureOf(callApi('getTransfer', { params: { domainName: 'example.be' } }))).messages).toEqual([noTransfer]);
    expect(alertTexts()).toEqual([]);

    // The same key on a route that does not mark it is an alert.
    answer(400, envelope(null, [unsafe]));
    expect((await failureOf(callApi('getRegistrar'))).messages).toEqual([]);
    expect(alertTexts()).toEqual([`error: ${messageTexts['unsafe.password']}`]);
  });

  it('builds an address from the map, the defined query parameters after the path', () => {
    expect(apiPath('getBillingLines', { query: { year: 2026, month: 4 } })).toBe('/services/registrar/finance/billingLines?year=2026&month=4');
    expect(apiPath('searchRegistrations', { query: { ulabel: 'a b*', page: undefined } })).toBe('/services/domains/search?ulabel=a+b*');
    expect(apiPath('getContact', { params: { handle: 'c/1 ?' } })).toBe('/services/contacts/c%2F1%20%3F');
    expect(apiPath('getOpenApiDocument')).toBe('/services/openapi.json');
  });
});
