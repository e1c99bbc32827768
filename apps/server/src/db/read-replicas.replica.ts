import type { FastifyInstance } from 'fastify';
import type { JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { signAccessToken } from '../identity/testing/access-tokens';
import { loadSigningKeys } from '../identity/provider/signing-keys';
import { loadRateLimits } from '../lib/rate-limit-policy';
import { users } from './schema';
import { createRegistrar } from '../test/factories';
import { onServer, startPrimaryAndReplica, type PrimaryAndReplica } from '../test/replica-cluster';
import { openDatabase, type Database } from './database';

/*
 * Read replicas against real servers: a PostgreSQL 15 primary and a streaming replica made with
 * pg_basebackup, the replica applying every commit 5 s late, and two portal instances on them.
 * Every wait is bounded; nothing here asserts a duration.
 */

const ipUrl = '/services/registrar/epp/ip';
const passwordUrl = '/services/registrar/epp/password';
const passwordRequiredUrl = '/services/registrar/epp/password/required';
const writers = 5;
const ipPairsPerWriter = 190;
const passwordRegistrars = 50;

let cluster: PrimaryAndReplica;
let setup: Database;
const instances: { app: FastifyInstance; database: Database }[] = [];
let privateJwk: JWK;
let config: Config;
const tokens = new Map<string, { token: string; until: number }>();

/** One session per user (a new one is a write) and a token for it renewed before its 5 minutes end. */
async function bearer(username: string, roles: ('ADMIN' | 'TECH')[]): Promise<string> {
  let token = tokens.get(username);
  if (!token || token.until < Date.now()) {
    token = { token: await signAccessToken(config, privateJwk, { username, roles, sessionId: `sid-${username}` }), until: Date.now() + 120_000 };
    tokens.set(username, token);
  }
  return `Bearer ${token.token}`;
}

async function request(instance: number, method: 'GET' | 'PUT', url: string, username: string, body?: object) {
  const { app } = instances[instance % instances.length]!;
  return app.inject({ method, url, headers: { authorization: await bearer(username, ['ADMIN', 'TECH']) }, ...(body ? { payload: body } : {}) });
}

async function addUser(database: Database, username: string) {
  const registrarHandle = username.slice(username.indexOf('@') + 1);
  await database.db.insert(users).values({
    username,
    registrarHandle,
    name: `Name of ${username}`,
    email: `${username.replace('@', '.')}@mail.example`,
    roles: ['ADMIN', 'TECH'],
    state: 'active',
  });
}

/** Polls `ready` every 200 ms, at most `ms`. */
async function eventually(what: string, ready: () => Promise<boolean> | boolean, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  // A replica applying 5 s late may not have the database or its tables yet: that is "not yet".
  const isReady = async () => {
    try {
      return await ready();
    } catch {
      return false;
    }
  };
  while (!(await isReady())) {
    if (Date.now() > until) throw new Error(`not within ${ms / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const routed = () => {
  const total = { replica: 0, primary_no_replica: 0, primary_after_write: 0, primary_retry: 0 };
  for (const { app } of instances) for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += app.replicas.routed[key];
  return total;
};

beforeAll(async () => {
  cluster = await startPrimaryAndReplica({ applyDelay: '5s' });
  await onServer(cluster.primary.url('postgres'), 'CREATE DATABASE portal');
  // The replica applies every commit 5 s late: the instances below check it from their start.
  await eventually(
    'the replica has the database',
    async () => (await onServer(cluster.replica.url('postgres'), "SELECT 1 FROM pg_database WHERE datname = 'portal'")).length === 1,
  );
  setup = await openDatabase({ databaseUrl: cluster.primary.url('portal'), dataDir: '', migrations: 'apply' });
  const base = loadConfig({ DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://portal.test', WEB_DIST_DIR: '/nonexistent', DEMO_MODE: 'true' });
  config = {
    ...base,
    database: { ...base.database, replicaUrls: [cluster.replica.url('portal')], replicaMaxLagSeconds: 60 },
    // The pairs follow each other as fast as the machine goes: the request limits are not what this file tests.
    rateLimits: loadRateLimits({
      RATE_LIMIT_SERVICES_PER_IP: '1000000/1m',
      RATE_LIMIT_SERVICES_PER_USER: '1000000/1m',
      RATE_LIMIT_EPP_PASSWORD_PER_REGISTRAR: '100/1h',
    }),
  };
  for (let i = 0; i < 2; i++) {
    const database = await openDatabase({
      databaseUrl: cluster.primary.url('portal'),
      dataDir: '',
      migrations: 'ignore',
      onIdleConnectionError: () => undefined,
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    instances.push({ app, database });
  }
  const [key] = (await loadSigningKeys(setup.db)).privateJwks;
  if (!key) throw new Error('no signing key');
  privateJwk = key;
  for (let w = 0; w < writers; w++) {
    await createRegistrar(setup.db, { handle: `wr${w}` });
    await addUser(setup, `tech@wr${w}`);
  }
  for (let r = 0; r < passwordRegistrars; r++) {
    await createRegistrar(setup.db, { handle: `pw${r}` });
    await addUser(setup, `tech@pw${r}`);
  }
  await createRegistrar(setup.db, { handle: 'observer' });
  await addUser(setup, 'tech@observer');
  // The replica has what was just written (5 s later) and each instance uses it.
  await eventually(
    'the replica has the registrars',
    async () => (await onServer(cluster.replica.url('portal'), "SELECT 1 FROM users WHERE username = 'tech@observer'")).length === 1,
  );
  for (const { app } of instances) await eventually('the replica in use', async () => (await app.replicas.check(), app.replicas.replicas[0]!.available));
}, 300_000);

afterAll(async () => {
  for (const { app, database } of instances) {
    await app.close();
    await database.close();
  }
  await setup?.close();
  await cluster?.stop();
}, 120_000);

describe('read replicas', () => {
  it('finds no stale read in 1,000 write-then-read pairs across two instances: the EPP list after saving, the password check after setting it', async () => {
    const stale: string[] = [];
    let replicaWasBehind = 0;
    let looks = 0;
    const ipWriter = async (w: number) => {
      const username = `tech@wr${w}`;
      for (let i = 0; i < ipPairsPerWriter; i++) {
        const ipAddresses = [`192.0.2.${(i % 250) + 1}`, `198.51.100.${w + 1}`];
        // Written on one instance, read on the other.
        const saved = await request(i, 'PUT', ipUrl, username, { ipAddresses });
        expect(saved.statusCode).toBe(200);
        if (i % 50 === 0) {
          // Evidence that a read from the replica now would be stale (not asserted: it depends on the machine's pace).
          looks++;
          const onReplica = await onServer<{ ip: string }>(cluster.replica.url('portal'), 'SELECT ip FROM epp_ip_addresses WHERE registrar_handle = $1', [
            `wr${w}`,
          ]);
          if (!onReplica.some((row) => row.ip === ipAddresses[0])) replicaWasBehind++;
        }
        const read = await request(i + 1, 'GET', ipUrl, username);
        expect(read.statusCode).toBe(200);
        const got = read.json<{ data: { ipAddresses: string[] } }>().data.ipAddresses;
        if (JSON.stringify(got) !== JSON.stringify(saved.json<{ data: { ipAddresses: string[] } }>().data.ipAddresses))
          stale.push(`${username} pair ${i}: ${got.join(',')}`);
      }
    };
    const passwordWriter = async (w: number) => {
      for (let r = w; r < passwordRegistrars; r += writers) {
        const username = `tech@pw${r}`;
        const saved = await request(r, 'PUT', passwordUrl, username, { newPassword: 'Correct Horse 9!' });
        expect(saved.statusCode).toBe(200);
        const read = await request(r + 1, 'GET', passwordRequiredUrl, username);
        expect(read.statusCode).toBe(200);
        if (read.json<{ data: { value: boolean } }>().data.value !== true) stale.push(`${username}: the password check says none is set`);
      }
    };
    // An observer that never writes, reading meanwhile: its reads may go to the replica.
    let observing = true;
    const observer = async () => {
      while (observing) expect((await request(0, 'GET', ipUrl, 'tech@observer')).statusCode).toBe(200);
    };
    const watching = observer();
    await Promise.all([...Array.from({ length: writers }, (_, w) => ipWriter(w)), ...Array.from({ length: writers }, (_, w) => passwordWriter(w))]);
    observing = false;
    await watching;
    expect(writers * ipPairsPerWriter + passwordRegistrars).toBe(1000);
    expect(stale).toEqual([]);
    const counts = routed();
    console.log(`1,000 pairs: reads routed ${JSON.stringify(counts)}; the replica was behind at ${replicaWasBehind} of ${looks} direct looks`);
    // Both ways were taken: the writers' reads waited on the primary, the observer's went to the replica.
    expect(counts.primary_after_write).toBeGreaterThan(0);
    expect(counts.replica).toBeGreaterThan(0);
  }, 900_000);

  it('answers a read the replica cancels (a recovery conflict) from the primary', async () => {
    // Conflicts cancelled at once, and no apply delay: a lock taken on the primary is replayed while the replica's read holds the table.
    await cluster.replica.configure({ max_standby_streaming_delay: '0', recovery_min_apply_delay: '0' });
    await eventually(
      'the replica without delay',
      async () => (await onServer<{ v: string }>(cluster.replica.url('portal'), "SELECT current_setting('max_standby_streaming_delay') AS v"))[0]?.v === '0',
    );
    for (const { app } of instances) await eventually('the replica in use', async () => (await app.replicas.check(), app.replicas.replicas[0]!.available));
    const before = routed().primary_retry;
    const expected = (await request(0, 'GET', ipUrl, 'tech@observer')).json<{ data: unknown }>().data;
    let locking = true;
    const locker = (async () => {
      const { pool } = setup;
      while (locking) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query('LOCK TABLE epp_ip_addresses, registrars IN ACCESS EXCLUSIVE MODE');
          await client.query('COMMIT');
        } finally {
          client.release();
        }
      }
    })();
    try {
      await eventually(
        'a replica read cancelled and retried',
        async () => {
          const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => request(i, 'GET', ipUrl, 'tech@observer')));
          for (const answer of answers) {
            expect(answer.statusCode).toBe(200);
            expect(answer.json<{ data: unknown }>().data).toEqual(expected);
          }
          return routed().primary_retry > before;
        },
        240_000,
      );
    } finally {
      locking = false;
      await locker;
    }
  }, 300_000);

  it('goes on answering with the replica stopped: reads from the primary, ready stays ok, the metrics say so; then takes it back', async () => {
    await cluster.replica.stop();
    for (let i = 0; i < 4; i++) expect((await request(i, 'GET', ipUrl, 'tech@observer')).statusCode).toBe(200);
    for (const { app } of instances) {
      await app.replicas.check();
      const ready = await app.inject({ url: '/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ok', replicas: { available: 0, of: 1 } });
      const metrics = (await app.inject({ url: '/metrics' })).body;
      expect(metrics).toMatch(/registrar_panel_db_replica_up\{replica="127\.0\.0\.1:\d+\/portal"\} 0/);
      expect(metrics).not.toContain('postgres@');
      expect(metrics).toMatch(/registrar_panel_db_lag_tolerant_reads_total\{route="primary_no_replica"\} [1-9]/);
    }
    await cluster.replica.start();
    for (const { app } of instances) await eventually('the replica back in use', async () => (await app.replicas.check(), app.replicas.replicas[0]!.available));
    const metrics = (await instances[0]!.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/registrar_panel_db_replica_up\{replica="127\.0\.0\.1:\d+\/portal"\} 1/);
    expect(metrics).toMatch(/registrar_panel_db_replica_lag_seconds\{replica="127\.0\.0\.1:\d+\/portal"\} \d/);
  }, 300_000);
});
