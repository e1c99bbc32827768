import { afterEach, describe, expect, it } from 'vitest';
import { authSession, signedInRecently } from './auth';

const now = Date.UTC(2026, 4, 4, 10, 0, 0);

function signedInSecondsAgo(seconds: number) {
  authSession.set({
    user: { firstName: 'Ann', lastName: 'Admin', username: 'admin@acme', email: 'admin@acme.example', registrarHandle: 'acme', roles: ['ADMIN'] },
    getAccessToken: () => Promise.resolve(undefined),
    signInAgain: () => Promise.resolve(),
    signedInAt: () => now / 1000 - seconds,
    reauthenticate: () => Promise.resolve(),
    logout: () => Promise.resolve(),
  });
}

afterEach(() => authSession.set(null));

describe('a sign-in recent enough to open a dialog that needs one', () => {
  it('leaves at least 5 minutes of a 15-minute window for the changes in the dialog', () => {
    signedInSecondsAgo(10 * 60);
    expect(signedInRecently(15 * 60, now)).toBe(true);
    // 14:55 into the window: the second TOTP click would be refused, so the dialog asks first.
    signedInSecondsAgo(14 * 60 + 55);
    expect(signedInRecently(15 * 60, now)).toBe(false);
    signedInSecondsAgo(10 * 60 + 1);
    expect(signedInRecently(15 * 60, now)).toBe(false);
  });

  it('leaves a third of a short window', () => {
    signedInSecondsAgo(120);
    expect(signedInRecently(180, now)).toBe(true);
    signedInSecondsAgo(121);
    expect(signedInRecently(180, now)).toBe(false);
  });

  it('is not recent when the token does not say when the user signed in', () => {
    authSession.set(null);
    expect(signedInRecently(15 * 60, now)).toBe(false);
  });
});
