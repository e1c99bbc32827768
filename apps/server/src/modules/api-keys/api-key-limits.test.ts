import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema';
import { loadRateLimits } from '../../lib/rate-limit-policy';
import { createRegistrar } from '../../test/factories';
import { call, messagesOf } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { lastUseIntervalSeconds } from './api-key-auth';
import { recordApiKeyUse } from './api-keys.repository';
import { adminOf, createKey, keyRequest, postKey, withKey } from './api-keys.test-support';

/*
 * What a key's use costs and leaves behind, under parallel requests: its own request limit, its
 * last use written about once a minute, and log lines that never hold the key.
 */

let t: TestApp;
const lines: string[] = [];
const search = '/services/domains/search?ulabel=*shop*';

beforeAll(async () => {
  // Five creations an hour per administrator: the other tests here create five keys as admin@alpha.
  t = await createTestApp(
    { rateLimits: loadRateLimits({ RATE_LIMIT_SERVICES_PER_API_KEY: '8/1m', RATE_LIMIT_API_KEY_CREATION_PER_USER: '5/1h' }) },
    { logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } },
  );
  await createRegistrar(t.database.db, { handle: 'alpha' });
  // Counts every write of a last use: the test's own copy of the database, nothing else sees it.
  await t.database.db.execute(sql`CREATE TABLE last_use_writes (id text NOT NULL)`);
  await t.database.db.execute(sql`CREATE FUNCTION count_last_use() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO last_use_writes VALUES (NEW.id); RETURN NEW; END $$`);
  await t.database.db.execute(
    sql`CREATE TRIGGER last_use_written AFTER UPDATE OF last_used_at ON api_keys FOR EACH ROW WHEN (NEW.last_used_at IS DISTINCT FROM OLD.last_used_at) EXECUTE FUNCTION count_last_use()`,
  );
});
afterAll(async () => t?.close());

const writesOf = async (id: string) =>
  (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM last_use_writes WHERE id = ${id}`)).rows[0]?.n ?? 0;

describe('the request limit per key', () => {
  it('refuses a key past its allowance with 429, while another key and the users go on', async () => {
    const busy = await createKey(t, { name: 'Busy script' });
    const calm = await createKey(t, { name: 'Calm script' });
    const answers = await Promise.all(Array.from({ length: 12 }, () => withKey(t, busy.secret, search)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(8);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(refused).toHaveLength(4);
    expect(messagesOf(refused[0]!)).toMatchObject([{ messageKey: 'error.tooManyRequests' }]);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await withKey(t, calm.secret, search)).statusCode).toBe(200);
    expect((await call(t, { url: search, as: { username: 'support@alpha', roles: ['SUPPORT'] } })).statusCode).toBe(200);
  });
});

describe('creating keys', () => {
  it('is limited per administrator (each creation mails the technical contact and every ADMIN), not per registrar', async () => {
    const admin = { ...adminOf('alpha'), username: 'flood@alpha' };
    const answers = await Promise.all(Array.from({ length: 7 }, (_, i) => postKey(t, keyRequest({ name: `Flood ${i}` }), admin)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect(messagesOf(answers.find((res) => res.statusCode === 429)!)).toMatchObject([{ messageKey: 'error.tooManyRequests' }]);
    const other = { ...adminOf('alpha'), username: 'calm@alpha' };
    expect((await postKey(t, keyRequest({ name: 'Calm admin' }), other)).statusCode).toBe(201);
  });
});

describe("a key's last use", () => {
  it('is written once for a burst of parallel requests, and again only after the interval', async () => {
    const created = await createKey(t, { name: 'Parallel' }, adminOf('alpha'));
    const { id } = created.apiKey;
    const burst = await Promise.all(Array.from({ length: 5 }, () => withKey(t, created.secret, search, { remoteAddress: '198.51.100.30' })));
    expect(burst.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await writesOf(id)).toBe(1);
    const listed = (await call(t, { url: '/services/apiKeys', as: adminOf('alpha') })).json<{
      data: { apiKeys: { id: string; lastUsedAt: string; lastUsedIp: string }[] };
    }>();
    const key = listed.data.apiKeys.find((entry) => entry.id === id);
    expect(key?.lastUsedIp).toBe('198.51.100.30');
    expect(Date.now() - Date.parse(key?.lastUsedAt ?? '')).toBeLessThan(60_000);

    // A minute later (moved back in the database), the next use is written again.
    await t.database.db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now() - make_interval(secs => ${lastUseIntervalSeconds + 1})` })
      .where(eq(apiKeys.id, id));
    const moved = await writesOf(id);
    await withKey(t, created.secret, search, { remoteAddress: '198.51.100.31' });
    await withKey(t, created.secret, search, { remoteAddress: '198.51.100.32' });
    expect(await writesOf(id)).toBe(moved + 1);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row?.lastUsedIp).toBe('198.51.100.31');
  });

  it('is claimed by exactly one of many writes at once', async () => {
    const created = await createKey(t, { name: 'Racing writes' });
    const wrote = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        recordApiKeyUse(t.database.db, { id: created.apiKey.id, ip: `192.0.2.${i}`, intervalSeconds: lastUseIntervalSeconds }),
      ),
    );
    expect(wrote.filter(Boolean)).toHaveLength(1);
    expect(await writesOf(created.apiKey.id)).toBe(1);
  });
});

describe('the log', () => {
  it('never holds a key, whether it opens the API, is refused, or is rate-limited', async () => {
    const created = await createKey(t, { name: 'Logged', scopes: ['billing'] });
    const secretPart = created.secret.slice(-43);
    lines.length = 0;
    await withKey(t, created.secret, '/services/registrar/finance/billingLines?year=2024&month=1');
    await withKey(t, `${created.secret.slice(0, -2)}xx`, search);
    await withKey(t, created.secret, search);
    await withKey(t, created.secret, '/services/nowhere');
    await Promise.all(Array.from({ length: 10 }, () => withKey(t, created.secret, '/services/registrar/finance/billingLines?year=2024&month=1')));
    const log = lines.join('');
    // The requests were logged, with what may be logged of them.
    expect(log).toContain('/services/registrar/finance/billingLines?year=2024&month=1');
    expect(log).toContain('rate limit reached');
    expect(log).not.toContain(secretPart);
    expect(log).not.toContain(secretPart.slice(0, 20));
    expect(log.toLowerCase()).not.toContain('authorization');
  });
});
