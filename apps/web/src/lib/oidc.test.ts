import type { User, UserManager } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { createSession } from './oidc';

/** An unsigned JWT: the app only reads claims, the server verifies them. */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'none' })}.${part(claims)}.`;
}

function tokens(accessClaims: Record<string, unknown>, idTokenAuthTime: number): User {
  return {
    access_token: jwt({ preferred_username: 'admin@acme', ...accessClaims }),
    profile: { sub: 'admin', auth_time: idTokenAuthTime },
    expires_in: 300,
  } as unknown as User;
}

const manager = {} as UserManager;

describe('when the user signed in, as the session tells it', () => {
  it("is the access token's auth_time, which the server reads, not the ID token's", () => {
    expect(createSession(manager, tokens({ auth_time: 1_000 }, 2_000)).signedInAt()).toBe(1_000);
  });

  it('is unknown when the access token does not say, even if the ID token does: the server would refuse the change', () => {
    expect(createSession(manager, tokens({}, 2_000)).signedInAt()).toBeUndefined();
  });
});

describe("the user's language from the tokens", () => {
  const withLocale = () => tokens({ auth_time: 1_000, locale: 'nl' }, 1_000);

  it('is followed at a sign-in that has just happened', () => {
    expect(createSession(manager, withLocale(), true).user.preferredLanguage).toBe('nl');
  });

  it('is not, for tokens kept from before a reload: they may predate a choice made since', () => {
    expect(createSession(manager, withLocale()).user.preferredLanguage).toBeUndefined();
  });

  it('is absent when the user never chose one', () => {
    expect(createSession(manager, tokens({ auth_time: 1_000 }, 1_000), true).user.preferredLanguage).toBeUndefined();
  });
});
