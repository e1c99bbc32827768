import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { currentTotpCode } from '../../identity/sign-in/totp';
import { SignInDriver, type Tokens } from '../../identity/testing/sign-in-driver';
import { createActiveUser, testPassword } from '../../identity/testing/users';

/* A signed-in user chooses their own language; the identity service's tokens carry it as Keycloak's `locale`. */
let t: TestApp;
const secrets = new Map<string, string | null>();

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  for (const username of ['lena@alpha', 'otto@alpha'])
    secrets.set(username, (await createActiveUser(t.database.db, t.config, { username, roles: ['FINANCE'] })).secret);
});
afterAll(async () => t?.close());

async function signIn(username: string): Promise<Tokens> {
  const browser = new SignInDriver(t.app, t.config);
  await browser.start();
  await browser.submit({ username, password: testPassword });
  // A code is taken once per time step: a second sign-in within the same 30 seconds may use it again here.
  await t.database.db.update(users).set({ totpLastStep: null }).where(eq(users.username, username));
  return browser.exchange(await browser.submit({ code: await currentTotpCode(secrets.get(username) ?? '') }));
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

const setLanguage = (token: string, body: unknown) =>
  t.app.inject({ method: 'PUT', url: '/services/me/language', headers: { authorization: `Bearer ${token}` }, payload: body as object });

describe('PUT /services/me/language', () => {
  it("saves the caller's own choice, and the next sign-in's tokens carry it as `locale`", async () => {
    const before = await signIn('lena@alpha');
    expect(claimsOf(before.id_token)).not.toHaveProperty('locale');
    const res = await setLanguage(before.access_token, { language: 'nl' });
    expect(res.statusCode).toBe(200);
    expect((await t.app.userDirectory.findUser('lena@alpha'))?.language).toBe('nl');
    // Nobody else's choice changed.
    expect((await t.app.userDirectory.findUser('otto@alpha'))?.language).toBeNull();
    const after = await signIn('lena@alpha');
    expect(claimsOf(after.id_token).locale).toBe('nl');
    expect(claimsOf(after.access_token).locale).toBe('nl');
  });

  it('takes only one of the four languages, exactly as written', async () => {
    const token = await t.tokenFor({ username: 'otto@alpha', roles: ['FINANCE'] });
    for (const language of ['xx', 'NL', 'nl-BE', '../', '<script>', 'x'.repeat(100_000), 42, null]) {
      const res = await setLanguage(token, { language });
      expect(res.statusCode, String(language).slice(0, 20)).toBe(400);
      expect(res.json<{ messages: { messageKey: string; field?: string }[] }>().messages).toEqual([
        expect.objectContaining({ messageKey: 'validation.unknown', field: 'language' }),
      ]);
    }
    expect((await t.app.userDirectory.findUser('otto@alpha'))?.language).toBeNull();
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/services/me/language', payload: { language: 'de' } })).statusCode).toBe(401);
  });
});
