import { messageTexts } from '@registrar-panel/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../lib/alerts';
import { ApiError } from '../../lib/api-client';
import { authSession } from '../../lib/auth';
import { resetTotp } from './api/reset-totp';
import { updateUser } from './api/update-user';
import { reauthenticationAttempted } from './edit-reauthentication';

/*
 * fetch is the boundary: it answers as the server does for a sign-in older than the window
 * (plugins/recent-authentication.ts). The unit runs in Node, so the browser members used are provided.
 */
const fetchMock = vi.fn<typeof fetch>();
const reauthenticate = vi.fn<(returnTo: string) => Promise<void>>();

function refusedForOldSignIn() {
  const body = JSON.stringify({
    data: null,
    messages: [{ messageKey: 'error.recentSignInRequired', defaultMessage: messageTexts['error.recentSignInRequired'], severity: 'ERROR' }],
  });
  fetchMock.mockResolvedValueOnce(new Response(body, { status: 403, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  const stored = new Map<string, string>();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('window', { location: { origin: 'https://panel.example' }, scrollTo: vi.fn() });
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  alertStore.set([]);
  reauthenticate.mockResolvedValue();
  authSession.set({
    user: { firstName: 'Ada', lastName: 'Admin', username: 'admin@acme', email: 'ada@acme.example', registrarHandle: 'acme', roles: ['ADMIN'] },
    getAccessToken: () => Promise.resolve('token-1'),
    signInAgain: vi.fn(),
    signedInAt: () => undefined,
    reauthenticate,
    logout: vi.fn(),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  reauthenticate.mockReset();
  authSession.set(null);
});

describe('a change refused for an older sign-in', () => {
  it("the update asks for the password and code again and comes back to the user's dialog, without an error alert", async () => {
    refusedForOldSignIn();
    await expect(updateUser({ username: 'tech@acme', changes: { name: 'Tech', email: 'tech@acme.example', roles: ['TECH'] } })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(reauthenticate.mock.calls).toEqual([['/users?edit=tech%40acme']]);
    expect(alertStore.get()).toEqual([]);
    // The page it comes back to knows the round trip was made.
    expect(reauthenticationAttempted('tech@acme')).toBe(true);
    expect(reauthenticationAttempted('support@acme')).toBe(false);
  });

  it('the TOTP reset does the same', async () => {
    refusedForOldSignIn();
    await expect(resetTotp('tech@acme')).rejects.toBeInstanceOf(ApiError);
    expect(reauthenticate.mock.calls).toEqual([['/users?edit=tech%40acme']]);
    expect(alertStore.get()).toEqual([]);
  });
});
