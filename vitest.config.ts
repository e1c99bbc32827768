import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/*
 * One test run for the whole product. Server tests run on the embedded PostgreSQL server (the
 * version `npm start` runs) and, when DATABASE_URL is set, once more on that server (CI's is an
 * older major version, so every migration and query is proven on both). End-to-end tests drive
 * Chromium against the built app.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
// Debian's pgbouncer package (.ci/run installs it): without it the pooler project is left out, and says so.
const withPgBouncer = [process.env.PGBOUNCER_PATH, '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].some((path) => path && existsSync(path));
const withPostgres15 = existsSync(`${process.env.POSTGRES15_BIN ?? '/usr/lib/postgresql/15/bin'}/pg_basebackup`);
if (!withPostgres15) console.warn('Replica suite skipped: no PostgreSQL 15 binaries in /usr/lib/postgresql/15/bin (POSTGRES15_BIN).');
// The failover suite also needs Debian's HAProxy (.ci/run installs it for the fleet test).
const withHaproxy = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].some((path) => path && existsSync(path));
if (withPostgres15 && !withHaproxy) console.warn('Failover suite skipped: haproxy is not installed (apt-get install -y haproxy).');
if (!withPgBouncer) console.warn('PgBouncer suite skipped: pgbouncer is not installed (apt-get install -y pgbouncer).');
// The Keycloak suite needs a real Keycloak (`npm run keycloak`; .ci/run always starts one).
const keycloakUrl = process.env.KEYCLOAK_URL;
if (!keycloakUrl) console.warn('Keycloak suite skipped: KEYCLOAK_URL is not set (npm run keycloak starts a Keycloak on http://localhost:8180).');
const serverTests = {
  root: 'apps/server',
  include: ['src/**/*.test.ts'],
  globalSetup: ['./src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // One module graph per worker, not per file: loading Fastify, Drizzle and the modules anew for each
  // of 125 files cost more than the tests themselves (a server run: 13 min isolated, 5 without). Each
  // file builds its own app and database (test/test-app.ts) and no test mocks a module; a test that
  // fakes the clock restores it.
  isolate: false,
};

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'], env: { TZ: 'UTC' } } },
      { test: { name: 'server', ...serverTests } },
      ...(onPostgres ? [{ test: { name: 'server-postgres', ...serverTests } }] : []),
      // Every module's API tests through a real PgBouncer in transaction mode (test/pgbouncer.ts), in
      // front of DATABASE_URL's server (trust on loopback, as CI's): what a registry runs.
      // A primary and a streaming replica of Debian's PostgreSQL 15, started by the test itself (test/replica-cluster.ts).
      ...(withPostgres15
        ? [
            {
              test: {
                name: 'server-replicas',
                root: 'apps/server',
                include: ['src/**/*.replica.ts'],
                testTimeout: 900_000,
                hookTimeout: 300_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
      // The same PostgreSQL 15 binaries: a primary with a synchronous standby behind HAProxy, the
      // primary SIGKILLed and the standby promoted (test/failover-rig.ts).
      ...(withPostgres15 && withHaproxy
        ? [
            {
              test: {
                name: 'server-failover',
                root: 'apps/server',
                include: ['src/**/*.failover.ts'],
                testTimeout: 600_000,
                hookTimeout: 300_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
      ...(withPgBouncer && onPostgres
        ? [
            {
              // Alone on the machine in its phase (scripts/test.mjs), and waiting on the pooler more than
              // on a core: two files at a time use the second core that one worker leaves idle.
              test: { name: 'server-pgbouncer', ...serverTests, include: ['src/modules/**/*.test.ts'], maxWorkers: 2 },
            },
          ]
        : []),
      {
        test: {
          name: 'keycloak',
          root: 'apps/server',
          include: ['src/**/*.keycloak.ts'],
          // Without Keycloak the suite only reports itself skipped: no database server is started for it.
          globalSetup: keycloakUrl ? ['./src/test/global-setup.ts'] : [],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          globalSetup: ['./global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
