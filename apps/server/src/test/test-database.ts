import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../db/database';

/**
 * A fresh, migrated database for one test file. On PGlite (the default) an in-memory database;
 * with TEST_ENGINE=postgres, a new database on the DATABASE_URL server, dropped on close.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_ENGINE !== 'postgres') return openDatabase({ dataDir: 'memory://' });
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_ENGINE=postgres needs DATABASE_URL');
  const name = `rp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Dropping the database WITH (FORCE) ends connections the pool may still be closing: expected here.
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', onIdleConnectionError: () => undefined });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
