import { defineConfig } from 'vitest/config';

/*
 * One test run for the whole product. Database tests run on PGlite and, when DATABASE_URL is set,
 * once more on that PostgreSQL server. End-to-end tests drive Chromium against the built app.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'], env: { TZ: 'UTC' } } },
      {
        test: { name: 'server', root: 'apps/server', include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000, env: { TEST_ENGINE: 'pglite' } },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                root: 'apps/server',
                include: ['src/**/*.test.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { TEST_ENGINE: 'postgres' },
              },
            },
          ]
        : []),
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
