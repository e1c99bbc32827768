import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/database';
import { signAccessToken } from '../identity/testing/access-tokens';
import { SignInDriver } from '../identity/testing/sign-in-driver';
import { createActiveUser, testPassword } from '../identity/testing/users';
import { loadSigningKeys } from '../identity/provider/signing-keys';
import { currentTotpCode } from '../identity/sign-in/totp';
import { createRegistrar } from '../test/factories';
import { openTestDatabase } from '../test/test-database';
import { redactUrl, serializeError } from './log-serializers';

/*
 * The log an operator keeps, as the app writes it (pino JSON lines captured from its stream): it
 * must hold neither secrets from URLs and headers nor the values of a failed query.
 */

let app: FastifyInstance;
let database: Database;
let config: Config;
const lines: string[] = [];
const logText = () => lines.join('');
const issuerPath = '/auth/realms/registrar-panel';

async function bearer(username: string) {
  const [privateJwk] = (await loadSigningKeys(database.db)).privateJwks;
  if (!privateJwk) throw new Error('no signing key');
  return `Bearer ${await signAccessToken(config, privateJwk, { username, roles: ['ADMIN'] })}`;
}

beforeAll(async () => {
  database = await openTestDatabase();
  config = loadConfig({ DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://portal.test', WEB_DIST_DIR: '/nonexistent', DEMO_MODE: 'true' });
  app = await buildApp({
    config,
    database,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  await app.ready();
  await createRegistrar(database.db, { handle: 'alpha' });
  await createActiveUser(database.db, config, { username: 'admin@alpha', roles: ['ADMIN'] });
  await createActiveUser(database.db, config, { username: 'bob@alpha', roles: ['TECH'] });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('a failed query is logged without its parameters', () => {
  const updateBob = async (name: string, email: string) =>
    app.inject({
      method: 'PUT',
      url: '/services/users/bob@alpha',
      headers: { host: 'portal.test', authorization: await bearer('admin@alpha') },
      payload: { name, email, roles: ['TECH'] },
    });

  const unexpectedErrors = () =>
    lines.map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> }).filter((entry) => entry.msg === 'unexpected error');

  it('keeps the SQL and the error code, drops the parameters and the row PostgreSQL quotes back', async () => {
    // A constraint the update breaks: PostgreSQL then quotes the whole row in the error's detail.
    await database.db.execute(sql`ALTER TABLE users ADD CONSTRAINT refused_mail CHECK (email NOT LIKE '%@refused.example')`);
    const before = unexpectedErrors().length;
    const res = await updateBob('Zelda Quietname', 'zelda.quiet@refused.example');
    expect(res.statusCode).toBe(500);
    const [logged] = unexpectedErrors().slice(before);
    expect(logged?.err).toMatchObject({
      type: 'DrizzleQueryError',
      sql: expect.stringContaining('update "users"'),
      cause: { code: '23514', constraint: 'refused_mail' },
    });
    expect(logText()).not.toContain('Zelda Quietname');
    expect(logText()).not.toContain('zelda.quiet');
  });

  it('drops the value PostgreSQL quotes in a data exception (a bad cast)', async () => {
    await database.db.execute(sql`ALTER TABLE users ADD CONSTRAINT casts_names CHECK ((CASE WHEN name LIKE 'Cast %' THEN name::int ELSE 0 END) = 0)`);
    const before = unexpectedErrors().length;
    const res = await updateBob('Cast Quentin Hiddenname', 'quentin@mail.example');
    expect(res.statusCode).toBe(500);
    const [logged] = unexpectedErrors().slice(before);
    expect(logged?.err).toMatchObject({ cause: { code: '22P02', message: 'invalid input syntax for type integer: "[redacted]"' } });
    expect(logText()).not.toContain('Hiddenname');
    expect(logText()).not.toContain('quentin@mail.example');
  });
});

describe('secrets in URLs and headers never reach the log', () => {
  it('redacts the reset key, the ID token hint, tokens in query strings, and never logs Authorization or Cookie', async () => {
    const { secret } = await createActiveUser(database.db, config, { username: 'carla@alpha' });
    const browser = new SignInDriver(app, config);
    await browser.start();
    await browser.submit({ username: 'carla@alpha', password: testPassword });
    const tokens = await browser.exchange(await browser.submit({ code: await currentTotpCode(secret ?? '') }));
    const refreshed = await browser.refresh(tokens.refresh_token);
    expect(refreshed.statusCode).toBe(200);

    const resetKey = 'reset-key-0123456789abcdef';
    expect((await browser.request('GET', `${issuerPath}/login-actions/action-token?key=${resetKey}`)).statusCode).toBe(410);
    const logout = `${issuerPath}/protocol/openid-connect/logout?${new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: 'http://portal.test/' }).toString()}`;
    expect((await browser.request('GET', logout)).statusCode).toBe(200);
    const apiToken = await bearer('admin@alpha');
    await app.inject({
      url: '/services/config?access_token=query-secret-1&page=2',
      headers: { host: 'portal.test', authorization: apiToken, cookie: 'session=cookie-secret-2' },
    });
    await app.inject({ url: '/no/such/page?token=query-secret-3', headers: { host: 'portal.test' } });

    const log = logText();
    // The requests were logged, with what may be shown.
    expect(log).toContain(`"url":"${issuerPath}/login-actions/action-token?[redacted]"`);
    expect(log).toContain(`"url":"${issuerPath}/protocol/openid-connect/logout?[redacted]"`);
    expect(log).toContain('"url":"/services/config?access_token=[redacted]&page=2"');
    for (const secretValue of [
      resetKey,
      tokens.id_token,
      tokens.id_token.split('.')[2] ?? '',
      tokens.access_token.split('.')[2] ?? '',
      tokens.refresh_token,
      refreshed.json<{ refresh_token: string }>().refresh_token,
      apiToken.split('.')[2] ?? '',
      'query-secret-1',
      'cookie-secret-2',
      'query-secret-3',
      testPassword,
    ]) {
      expect(secretValue.length).toBeGreaterThan(8);
      expect(log).not.toContain(secretValue);
    }
  });
});

describe('the serializers', () => {
  it('redact secret-like parameters anywhere and the whole query under the identity service', () => {
    expect(redactUrl('/services/domains/search?ulabel=shop&client_secret=s&X-Api-Key=k', issuerPath)).toBe(
      '/services/domains/search?ulabel=shop&client_secret=[redacted]&X-Api-Key=[redacted]',
    );
    expect(redactUrl(`${issuerPath}/protocol/openid-connect/auth?client_id=web&login_hint=bob`, issuerPath)).toBe(
      `${issuerPath}/protocol/openid-connect/auth?[redacted]`,
    );
    expect(redactUrl('/services/users/bob@alpha', issuerPath)).toBe('/services/users/bob@alpha');
    // A rule hit mail's stop link (modules/notification-rules/rule-mail-stop.routes.ts).
    expect(redactUrl('/mail/rule-hits/stop?key=s3cret&lang=nl', issuerPath)).toBe('/mail/rule-hits/stop?key=[redacted]&lang=nl');
  });

  it('log an error of any shape without failing', () => {
    expect(serializeError('a string with a secret')).toEqual({ type: 'string', message: 'a thrown non-error value', stack: '' });
    const withParams = Object.assign(new Error('Failed query: select 1\nparams: secret@mail.example'), { query: 'select 1', params: ['secret@mail.example'] });
    expect(JSON.stringify(serializeError(withParams))).not.toContain('secret@mail.example');
  });
});
