import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { databaseUrlOf } from '../db/database';
import { ensureTemplate } from './database-template';
import { startPgBouncer } from './pgbouncer';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database on the test server that may create and drop databases. */
    testServerUrl: string;
    /** The migrated template every test file's database is copied from. */
    testTemplate: string;
    /**
     * The `server-pgbouncer` project: PgBouncer's port in front of that server (transaction mode);
     * each test's app then reaches its database through it (test-database.ts). 0 elsewhere.
     */
    testPoolerPort: number;
  }
}

/**
 * The database server of one test project: the PostgreSQL server at DATABASE_URL for the
 * `server-postgres` project, else a throw-away embedded server (durability off: its data dies
 * with the run anyway). Either way the migrations run once, into a template.
 */
export default async function setup(project: TestProject) {
  let teardown = async () => undefined as void;
  let serverUrl: string;
  // The Keycloak suite shares DATABASE_URL's server when there is one.
  const onServer = project.name === 'server-postgres' || ((project.name === 'keycloak' || project.name === 'server-pgbouncer') && process.env.DATABASE_URL);
  if (onServer) {
    if (!process.env.DATABASE_URL) throw new Error('the server-postgres project needs DATABASE_URL');
    serverUrl = process.env.DATABASE_URL;
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'rp-test-pg-'));
    const embedded = await startEmbeddedPostgres({
      dataDir,
      adopt: true,
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
    });
    serverUrl = databaseUrlOf(embedded.url, 'postgres');
    teardown = async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  project.provide('testServerUrl', serverUrl);
  project.provide('testPoolerPort', 0);
  if (project.name === 'server-pgbouncer') {
    const pgbouncer = await startPgBouncer(serverUrl);
    project.provide('testPoolerPort', pgbouncer.port);
    const stopServer = teardown;
    teardown = async () => {
      await pgbouncer.stop();
      await stopServer();
    };
  }
  project.provide('testTemplate', await ensureTemplate(serverUrl));
  return teardown;
}
