import { generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { loadSigningKeys } from './signing-keys';

/*
 * Every /services call verifies its bearer token: signature by the issuer's key, issuer,
 * authorised party (or audience), expiry, and a username that names a registrar.
 */
let t: TestApp;
type SigningKey = Parameters<SignJWT['sign']>[0];
let sign: (claims: JWTPayload, options?: { key?: SigningKey; kid?: string; expiresIn?: number }) => Promise<string>;

beforeAll(async () => {
  t = await createTestApp();
  const [jwk] = (await loadSigningKeys(t.database.db)).privateJwks;
  const key = await importJWK(jwk ?? {}, 'RS256');
  sign = async (claims, options = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: 'http://portal.test/auth/realms/registrar-panel',
      azp: 'registrar-panel-web',
      preferred_username: 'support@alpha',
      realm_access: { roles: ['support'] },
      iat: now,
      exp: now + (options.expiresIn ?? 300),
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? jwk?.kid ?? '' })
      .sign(options.key ?? key);
  };
});
afterAll(async () => t.close());

const call = (token: string) => t.app.inject({ url: '/services/config', headers: { authorization: `Bearer ${token}` } });

describe('bearer tokens', () => {
  it('accepts a token of the embedded identity service', async () => {
    expect((await call(await sign({}))).statusCode).toBe(200);
  });

  it.each([
    ['a wrong issuer', { iss: 'http://elsewhere.test/auth/realms/registrar-panel' }],
    ['another realm', { iss: 'http://portal.test/auth/realms/other' }],
    ['another client', { azp: 'some-other-client' }],
    ['no registrar in the username', { preferred_username: 'support' }],
  ])('refuses %s with 401 in the envelope', async (_case, claims) => {
    const res = await call(await sign(claims));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      data: null,
      messages: [{ messageKey: 'error.unauthorized', defaultMessage: 'Your session has ended. Please sign in again.' }],
    });
  });

  it('accepts the client as audience when there is no authorised party', async () => {
    expect((await call(await sign({ azp: undefined, aud: 'registrar-panel-web' }))).statusCode).toBe(200);
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
