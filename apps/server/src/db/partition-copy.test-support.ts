import { openDatabase } from './database';
import { copyLegacyRows, type CopiedTable } from './partition-copy';

/*
 * The copy of migration 0025's old rows in a process of its own, for the test that SIGKILLs it
 * mid-copy (partition-copy.test.ts). Run with `node --import tsx`; from the environment:
 * DATABASE_URL, COPY_TABLE, COPY_BATCH_ROWS, and COPY_HOLD_AT_BATCH: inside that batch's transaction,
 * its rows inserted and not committed, it prints `holding <from>-<to>` and waits to be killed.
 */

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is needed');
const table = (process.env.COPY_TABLE ?? 'audit_events') as CopiedTable;
const holdAt = Number(process.env.COPY_HOLD_AT_BATCH ?? 0);

const database = await openDatabase({ databaseUrl, dataDir: '', migrations: 'ignore', poolSize: 2 });
let batch = 0;
await copyLegacyRows(database.db, table, {
  batchRows: Number(process.env.COPY_BATCH_ROWS ?? 1000),
  beforeCommit: async ({ from, to }) => {
    batch++;
    if (batch !== holdAt) return;
    console.log(`holding ${from}-${to}`);
    await new Promise(() => undefined);
  },
});
console.log('done');
await database.close();
