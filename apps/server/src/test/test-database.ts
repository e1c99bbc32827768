import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseUrlOf, openDatabase, type Database } from '../db/database';

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database for one test file: a copy of the project's template (see
 * global-setup.ts) on the embedded server or on DATABASE_URL's, dropped on close.
 */
export async function openTestDatabase(): Promise<Database & { url: string }> {
  const serverUrl = inject('testServerUrl');
  const name = `rp_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('testTemplate')}`);
  // Dropping the database WITH (FORCE) ends connections the pool may still be closing: expected here.
  const url = databaseUrlOf(serverUrl, name);
  // The pooler project: the app's connections go through PgBouncer in transaction mode, as in a registry's deployment.
  const poolerPort = inject('testPoolerPort');
  const throughPooler = new URL(url);
  throughPooler.hostname = '127.0.0.1';
  throughPooler.port = String(poolerPort);
  throughPooler.password = '';
  const database = await openDatabase({
    databaseUrl: poolerPort ? throughPooler.toString() : url,
    pooler: poolerPort ? 'transaction' : 'none',
    // The LISTEN of the registrar status cache goes past the pooler, as DATABASE_DIRECT_URL sends it.
    directUrl: url,
    dataDir: '',
    migrations: 'ignore',
    onIdleConnectionError: () => undefined,
  });
  return {
    ...database,
    /** For a child process (a command-line tool) to connect to the same database (directly, past any pooler). */
    url,
    close: async () => {
      await database.close();
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
