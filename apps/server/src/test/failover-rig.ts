import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { JWK } from 'jose';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/database';
import { users } from '../db/schema';
import { loadSigningKeys } from '../identity/provider/signing-keys';
import { signAccessToken } from '../identity/testing/access-tokens';
import { createActiveUser } from '../identity/testing/users';
import { loadRateLimits } from '../lib/rate-limit-policy';
import { createRegistrar } from './factories';
import { startPrimaryCheck, type PrimaryCheck } from './primary-check';
import { startPostgresProxy, type PostgresProxy } from './postgres-haproxy';
import { onServer, startPrimaryAndReplica, type PrimaryAndReplica } from './replica-cluster';

/*
 * What the failover test and `npm run bench:failover` run on: a PostgreSQL 15 primary with one
 * synchronous standby (`ANY 1 (standby)`, `synchronous_commit = on`: a commit is acknowledged only
 * once the standby has its WAL), a check agent per node answering /primary as Patroni would, HAProxy
 * running deploy/patroni/haproxy.cfg in front of them, and two portal instances whose DATABASE_URL
 * is the proxy. Loopback only, temporary folders, everything stopped by `stop()`.
 */

export const standbyName = 'standby';

/** How long one step of `stop()` may take before the next one runs anyway (7 steps, then the servers). */
const stepBoundMs = 20_000;

export interface Instance {
  app: FastifyInstance;
  database: Database;
}

export interface FailoverRig {
  cluster: PrimaryAndReplica;
  checks: [PrimaryCheck, PrimaryCheck];
  proxy: PostgresProxy;
  /** The instances' settings (a Redis key prefix of this run's own). */
  config: Config;
  instances: [Instance, Instance];
  /** An access token for a user of the portal, as the identity service would sign it. */
  bearer(username: string, roles: ('ADMIN' | 'TECH')[]): Promise<string>;
  /** Polls `ready` every 100 ms, at most `ms` (errors count as "not yet"); throws naming `what` after. */
  eventually(what: string, ready: () => Promise<boolean> | boolean, ms?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface CheckPace {
  interval: string;
  fastInterval: string;
  fall: number;
  rise: number;
}

/** Short checks for the test (every 500 ms, down after 2 failures, up after 1 success). */
export const testChecks: CheckPace = { interval: '500ms', fastInterval: '250ms', fall: 2, rise: 1 };

/** deploy/patroni/haproxy.cfg's defaults. */
export const recipeChecks: CheckPace = { interval: '2s', fastInterval: '500ms', fall: 3, rise: 1 };

export async function eventually(what: string, ready: () => Promise<boolean> | boolean, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  const isReady = async () => {
    try {
      return await ready();
    } catch {
      return false;
    }
  };
  while (!(await isReady())) {
    if (Date.now() > until) throw new Error(`not within ${ms / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Registrars and users the loops use: `fo` (writers, readers, creator), `lim` (a request limit), a user to lock out. */
export const people = {
  admin: 'admin@fo',
  reader: 'reader@fo',
  limited: 'tech@lim',
  lockedOut: 'locked@fo',
} as const;

export async function startFailoverRig(options: { checks?: CheckPace } = {}): Promise<FailoverRig> {
  const stops: { what: string; step: () => Promise<void>; state?: () => Promise<string>; boundMs?: number }[] = [];
  // Each step bounded, so that one that hangs (a CI run once spent the whole 120 s hook on one) is
  // named in the log and the others still run: a leftover server or proxy would outlive the test.
  const stop = async () => {
    for (const { what, step, state, boundMs = stepBoundMs } of stops.reverse()) {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), boundMs)));
      const outcome = await Promise.race([
        step().then(
          () => 'done' as const,
          (error: unknown) => error,
        ),
        bound,
      ]);
      clearTimeout(timer);
      if (outcome === 'late')
        console.error(`failover rig: stopping ${what} took over ${boundMs / 1000} s${state ? ` (${await state().catch(String)})` : ''}; going on`);
      else if (outcome !== 'done') console.error(`failover rig: stopping ${what}:`, outcome);
    }
  };
  try {
    const cluster = await startPrimaryAndReplica({
      applyDelay: '0',
      standbyName,
      primarySettings: { synchronous_commit: 'on', synchronous_standby_names: `ANY 1 (${standbyName})` },
      // pg_basebackup copies the primary's settings: once promoted, the standby runs alone (no standby
      // of its own to wait for), as Patroni's synchronous_mode without strict mode does.
      // Once the primary is gone the standby retries streaming every wal_retrieve_retry_interval
      // (5 s by default), and ends recovery only between two tries: 1 s, as the recipe sets it.
      replicaSettings: { synchronous_standby_names: '', wal_retrieve_retry_interval: '1s' },
    });
    // A fast shutdown of each (30 s at most), else an immediate one (replica-cluster.ts).
    stops.push({ what: 'the PostgreSQL servers', step: () => cluster.stop(), boundMs: 90_000 });
    // Waits until the standby takes part: CREATE DATABASE commits only once it has the WAL.
    await eventually(
      'the standby streaming synchronously',
      async () =>
        (
          await onServer<{ s: string }>(cluster.primary.url('postgres'), 'SELECT sync_state AS s FROM pg_stat_replication WHERE application_name = $1', [
            standbyName,
          ])
        )[0]?.s === 'quorum',
    );
    await onServer(cluster.primary.url('postgres'), 'CREATE DATABASE portal');
    const checks: [PrimaryCheck, PrimaryCheck] = [
      await startPrimaryCheck(cluster.primary.url('postgres')),
      await startPrimaryCheck(cluster.replica.url('postgres')),
    ];
    for (const [i, check] of checks.entries()) stops.push({ what: `check agent ${i + 1}`, step: () => check.stop() });
    const proxy = await startPostgresProxy({
      nodes: [
        { port: cluster.primary.port, checkPort: checks[0].port },
        { port: cluster.replica.port, checkPort: checks[1].port },
      ],
      checks: options.checks ?? testChecks,
    });
    stops.push({ what: 'HAProxy', step: () => proxy.stop() });
    await eventually('HAProxy routing to the primary', async () => {
      const states = await proxy.states();
      return states.pg1 === 'UP' && states.pg2 === 'DOWN';
    });
    const databaseUrl = proxy.urlFor(cluster.primary.url('portal'));
    const setup = await openDatabase({ databaseUrl, dataDir: '', migrations: 'apply' });
    const base = loadConfig({
      DATA_DIR: '/nonexistent',
      PUBLIC_URL: 'http://portal.test',
      WEB_DIST_DIR: '/nonexistent',
      DEMO_MODE: 'true',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `rp-failover-${randomUUID()}:`,
    });
    const config: Config = {
      ...base,
      // The loops go as fast as the machine does: only the limit this rig tests is low.
      rateLimits: {
        ...loadRateLimits({
          RATE_LIMIT_SERVICES_PER_IP: '1000000/1m',
          RATE_LIMIT_SERVICES_PER_USER: '1000000/1m',
          RATE_LIMIT_USER_CREATION_PER_IP: '1000000/1h',
          RATE_LIMIT_USER_CREATION_PER_USER: '1000000/1h',
          RATE_LIMIT_EPP_PASSWORD_PER_REGISTRAR: '3/1h',
        }),
        signInPerIp: null,
        signInPerAccount: null,
      },
    };
    const instances: Instance[] = [];
    for (let i = 0; i < 2; i++) {
      // The pool's idle connections are cut at the failover: replaced, not fatal.
      const database = await openDatabase({ databaseUrl, dataDir: '', migrations: 'ignore', onIdleConnectionError: () => undefined });
      const app = await buildApp({ config, database, logger: false });
      const pool = database.pool;
      // Undone in reverse: the app closes before its pool.
      stops.push({
        what: `instance ${i + 1}'s pool`,
        step: () => database.close(),
        state: async () => {
          const server = await onServer<{ a: string }>(
            cluster.replica.url('postgres'),
            "SELECT string_agg(state || ' ' || coalesce(wait_event, '-') || ': ' || left(query, 160), ' | ') AS a FROM pg_stat_activity WHERE datname = 'portal'",
          );
          return `${pool.totalCount} connections, ${pool.idleCount} idle, ${pool.waitingCount} waiting; on the new primary: ${server[0]?.a ?? 'none'}`;
        },
      });
      stops.push({ what: `instance ${i + 1}'s app`, step: () => app.close() });
      await app.ready();
      instances.push({ app, database });
    }
    for (const handle of ['fo', 'lim']) await createRegistrar(setup.db, { handle });
    for (const username of [people.admin, people.reader, people.limited]) {
      await setup.db.insert(users).values({
        username,
        registrarHandle: username.slice(username.indexOf('@') + 1),
        name: `Name of ${username}`,
        email: `${username.replace('@', '.')}@mail.example`,
        roles: ['ADMIN', 'TECH'],
        state: 'active',
      });
    }
    await createActiveUser(setup.db, config, { username: people.lockedOut, roles: ['TECH'] });
    const [privateJwk]: JWK[] = (await loadSigningKeys(setup.db)).privateJwks;
    await setup.close();
    if (!privateJwk) throw new Error('no signing key');
    const tokens = new Map<string, { token: string; until: number }>();
    return {
      cluster,
      checks,
      proxy,
      config,
      instances: [instances[0]!, instances[1]!],
      async bearer(username, roles) {
        let token = tokens.get(username);
        if (!token || token.until < Date.now()) {
          token = { token: await signAccessToken(config, privateJwk, { username, roles, sessionId: `sid-${username}` }), until: Date.now() + 120_000 };
          tokens.set(username, token);
        }
        return `Bearer ${token.token}`;
      },
      eventually,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
