import { decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadSigningKeys } from './signing-keys';
import { SignInDriver, type Tokens } from '../testing/sign-in-driver';
import { createActiveUser, testPassword } from '../testing/users';
import { currentTotpCode } from '../sign-in/totp';

/*
 * Every /services call verifies its bearer token: signature by the issuer's key, issuer, that it
 * is an access token (not the ID token), `iat` and `exp` within an access token's 5 minutes,
 * authorised party (or audience), a username that names a registrar, and roles from an array.
 */
let t: TestApp;
type SigningKey = Parameters<SignJWT['sign']>[0];
interface SignOptions {
  key?: SigningKey;
  kid?: string;
  expiresIn?: number;
  /** The header's `typ`: `at+jwt` as the embedded provider writes it unless given (undefined: none). */
  typ?: string | undefined;
}
/** A token as the embedded provider issues it (see the first test), with `claims` changed. */
let sign: (claims: JWTPayload, options?: SignOptions) => Promise<string>;

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  const [jwk] = (await loadSigningKeys(t.database.db)).privateJwks;
  const key = await importJWK(jwk ?? {}, 'RS256');
  sign = async (claims, options = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const typ = 'typ' in options ? options.typ : 'at+jwt';
    return new SignJWT({
      preferred_username: 'support@alpha',
      name: 'Sam Port',
      given_name: 'Sam',
      family_name: 'Port',
      email: 'sam@alpha.example',
      email_verified: true,
      realm_access: { roles: ['support'] },
      azp: 'registrar-panel-web',
      jti: `jti-${Math.random()}`,
      sub: 'support@alpha',
      iat: now,
      exp: now + (options.expiresIn ?? 300),
      scope: 'openid profile email',
      client_id: 'registrar-panel-web',
      iss: 'http://portal.test/auth/realms/registrar-panel',
      aud: 'http://portal.test/services',
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? jwk?.kid ?? '', ...(typ === undefined ? {} : { typ }) })
      .sign(options.key ?? key);
  };
});
afterAll(async () => t.close());

const call = (token: string) => t.app.inject({ url: '/services/config', headers: { authorization: `Bearer ${token}` } });

/** Signs a new user in through the embedded provider's pages, as a browser does. */
async function signedIn(username: string): Promise<Tokens> {
  const { secret } = await createActiveUser(t.database.db, t.config, { username, roles: ['SUPPORT'] });
  const browser = new SignInDriver(t.app, t.config);
  await browser.start();
  await browser.submit({ username, password: testPassword });
  return browser.exchange(await browser.submit({ code: await currentTotpCode(secret ?? '') }));
}

describe('bearer tokens', () => {
  it('accepts a token of the embedded identity service', async () => {
    expect((await call(await sign({}))).statusCode).toBe(200);
  });

  it.each([
    ['a wrong issuer', { iss: 'http://elsewhere.test/auth/realms/registrar-panel' }],
    ['another realm', { iss: 'http://portal.test/auth/realms/other' }],
    ['another client', { azp: 'some-other-client' }],
    ['no registrar in the username', { preferred_username: 'support' }],
    ['a username that is not text', { preferred_username: ['support@alpha'] }],
  ])('refuses %s with 401 in the envelope', async (_case, claims) => {
    const res = await call(await sign(claims));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      data: null,
      messages: [{ messageKey: 'error.unauthorized', defaultMessage: 'Your session has ended. Please sign in again.' }],
    });
  });

  it('accepts the client as audience when there is no authorised party', async () => {
    expect((await call(await sign({ azp: undefined, aud: ['http://portal.test/services', 'registrar-panel-web'] }))).statusCode).toBe(200);
  });

  it('refuses a token for another resource, even with the portal as authorised party', async () => {
    expect((await call(await sign({ aud: 'http://elsewhere.test/api' }))).statusCode).toBe(401);
    expect((await call(await sign({ aud: undefined }))).statusCode).toBe(401);
  });

  it('refuses an expired token (beyond 5 s of clock tolerance)', async () => {
    expect((await call(await sign({}, { expiresIn: -10 }))).statusCode).toBe(401);
  });

  it('stops accepting a token it already accepted once it expires (verified tokens are kept no longer)', async () => {
    const token = await sign({}, { expiresIn: 60 });
    expect((await call(token)).statusCode).toBe(200);
    expect((await call(token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 70_000 });
    try {
      expect((await call(token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps refusing a tampered token: only tokens that passed verification are remembered', async () => {
    // Flip a bit of the decoded signature: changing the last base64url character may only
    // touch its padding bits and leave the signature as it was.
    const [header, payload, signature] = (await sign({})).split('.');
    const bytes = Buffer.from(signature ?? '', 'base64url');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const bad = `${header}.${payload}.${bytes.toString('base64url')}`;
    expect((await call(bad)).statusCode).toBe(401);
    expect((await call(bad)).statusCode).toBe(401);
  });

  it('refuses a token signed with another key, even under the right key id', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    expect((await call(await sign({}, { key: privateKey }))).statusCode).toBe(401);
    expect((await call(await sign({}, { key: privateKey, kid: 'unknown-key' }))).statusCode).toBe(401);
  });

  it('refuses a forged token: changed claims, no signature, or "alg: none"', async () => {
    const [header, payload, signature] = (await sign({})).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as JWTPayload;
    const tampered = Buffer.from(JSON.stringify({ ...claims, realm_access: { roles: ['admin'] } })).toString('base64url');
    expect((await call(`${header}.${tampered}.${signature}`)).statusCode).toBe(401);
    expect((await call(`${header}.${payload}.`)).statusCode).toBe(401);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await call(`${none}.${payload}.`)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/services/config', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
  });
});

describe('only access tokens open the API', () => {
  it('mints test tokens as the embedded provider issues them (same header, same claims)', async () => {
    const { access_token: real } = await signedIn('tess@alpha');
    const minted = await t.tokenFor({ username: 'tess@alpha' });
    expect(decodeProtectedHeader(minted)).toEqual({ ...decodeProtectedHeader(real), kid: expect.any(String) as string });
    expect(decodeProtectedHeader(real).typ).toBe('at+jwt');
    expect(Object.keys(decodeJwt(minted)).sort()).toEqual(Object.keys(decodeJwt(real)).sort());
    const { exp = 0, iat = 0 } = decodeJwt(minted);
    expect(exp - iat).toBe(decodeJwt(real).exp! - decodeJwt(real).iat!);
    expect(decodeJwt(minted).aud).toBe(decodeJwt(real).aud);
  });

  it('refuses the ID token of a sign-in where its access token is accepted', async () => {
    const tokens = await signedIn('ida@alpha');
    const resetMails = async () => (await t.queuedMail()).filter((mail) => mail.to === 'ida.alpha@mail.example').length;
    const before = await resetMails();
    const withIdToken = await t.app.inject({ method: 'DELETE', url: '/services/me/password', headers: { authorization: `Bearer ${tokens.id_token}` } });
    expect(withIdToken.statusCode).toBe(401);
    expect(await resetMails()).toBe(before);

    const withAccessToken = await t.app.inject({ method: 'DELETE', url: '/services/me/password', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(withAccessToken.statusCode).toBe(200);
    expect(await resetMails()).toBe(before + 1);
  });

  it.each<[string, JWTPayload, SignOptions]>([
    ['no exp', { exp: undefined }, {}],
    ['an exp ten years ahead', {}, { expiresIn: 10 * 365 * 24 * 3600 }],
    ['an exp beyond the 5 minutes an access token lives', {}, { expiresIn: 300 + 60 }],
    ['no iat', { iat: undefined }, {}],
    ['an iat in the future', { iat: Math.floor(Date.now() / 1000) + 120 }, {}],
    ['an iat older than an access token lives', { iat: Math.floor(Date.now() / 1000) - 400 }, {}],
    ['typ JWT in the header', {}, { typ: 'JWT' }],
    ['no typ in the header (as an ID token)', {}, { typ: undefined }],
    ["Keycloak's access-token shape (not the embedded provider's)", { typ: 'Bearer' }, { typ: 'JWT' }],
  ])('refuses a token with %s', async (_case, claims, options) => {
    expect((await call(await sign(claims, options))).statusCode).toBe(401);
  });

  it('accepts an exp at most 5 minutes ahead, and a media-type typ', async () => {
    expect((await call(await sign({}, { expiresIn: 300 }))).statusCode).toBe(200);
    expect((await call(await sign({}, { typ: 'application/at+jwt' }))).statusCode).toBe(200);
  });
});

describe('roles from the token', () => {
  const users = (roles: unknown) => async () =>
    t.app.inject({ url: '/services/users', headers: { authorization: `Bearer ${await sign({ preferred_username: 'boss@alpha', realm_access: { roles } })}` } });

  it('reads ADMIN from an array holding "admin"', async () => {
    expect((await users(['admin'])()).statusCode).toBe(200);
  });

  it.each([
    ['the string "admin"', 'admin'],
    ['the string "support admin"', 'support admin'],
    ['["admin-x"]', ['admin-x']],
    ['["ADMIN"]', ['ADMIN']],
    ['an object', { admin: true }],
  ])('gives no ADMIN for %s: 403 on user management', async (_case, roles) => {
    const res = await users(roles)();
    expect(res.statusCode).toBe(403);
    expect(res.json<{ messages: { messageKey: string }[] }>().messages[0]?.messageKey).toBe('error.forbidden');
  });
});
