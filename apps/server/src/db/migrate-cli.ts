/*
 * `npm run migrate`: applies the pending migrations to DATABASE_URL's database (or the embedded
 * server in DATA_DIR) under the advisory lock every instance's start takes too, then exits. A
 * registry runs it once per upgrade, before starting the new version's instances.
 */
import { loadConfig } from '../config';
import { openDatabase } from './database';

try {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.database.directUrl,
    dataDir: config.dataDir,
    migrations: 'apply',
    log: (message) => console.log(message),
  });
  await database.close();
  console.log('The database is migrated.');
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
