import type { Registrar } from '@registrar-panel/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from './alerts';
import { authSession } from './auth';
import { initI18n } from './i18n';
import { readRegistrar, readRegistrarQuietly } from './registrar-read';
import { pendingRequests } from './spinner';

/* fetch is the boundary, as in api-client.test.ts: each test answers it the way the server does. */
const fetchMock = vi.fn<typeof fetch>();
const registrar = (status: string) => ({ handle: 'acme', name: 'Acme Registrar NV', status }) as unknown as Registrar;
const ok = (status: string) => new Response(JSON.stringify({ data: { registrar: registrar(status) }, messages: [] }), { status: 200 });
const failure = () => new Response(JSON.stringify({ data: null, messages: [{ messageKey: 'error.internal', type: 'ERROR' }] }), { status: 500 });
const alerts = () => alertStore.get().map((alert) => alert.type);

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('window', { location: { origin: 'https://panel.example' }, scrollTo: vi.fn() });
  alertStore.set([]);
  pendingRequests.set(0);
  authSession.set(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("one read of the registrar for the status lookup and a registrar page's own", () => {
  it('sends one request when the page asks while the status lookup is under way, and both get its answer', async () => {
    fetchMock.mockResolvedValueOnce(ok('ok'));
    const [status, page] = await Promise.all([readRegistrarQuietly(), readRegistrar()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/services/registrar');
    expect(status.status).toBe('ok');
    expect(page).toBe(status);
  });

  it('the status lookup joins a read the page started, failure included, and alerts nothing of its own', async () => {
    fetchMock.mockResolvedValueOnce(failure());
    const page = readRegistrar().catch(() => 'failed');
    const status = readRegistrarQuietly().catch(() => 'failed');
    expect(await Promise.all([page, status])).toEqual(['failed', 'failed']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(alerts()).toEqual(['error']); // the page's, once
  });

  it('a page that joined a quiet read which failed reads again out loud: the user is told why the page is empty', async () => {
    fetchMock.mockResolvedValueOnce(failure()).mockResolvedValueOnce(ok('ok'));
    const status = readRegistrarQuietly().catch(() => 'failed');
    const page = readRegistrar();
    expect(await status).toBe('failed');
    expect((await page).status).toBe('ok');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(alerts()).toEqual([]);

    fetchMock.mockResolvedValueOnce(failure()).mockResolvedValueOnce(failure());
    const again = readRegistrarQuietly().catch(() => 'failed');
    await expect(readRegistrar()).rejects.toThrow();
    await again;
    expect(alerts()).toEqual(['error']);
  });

  it('asks anew once a read has answered: a suspension after it is seen at the next lookup', async () => {
    fetchMock.mockResolvedValueOnce(ok('ok')).mockResolvedValueOnce(ok('suspended'));
    expect((await readRegistrarQuietly()).status).toBe('ok');
    expect((await readRegistrarQuietly()).status).toBe('suspended');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
