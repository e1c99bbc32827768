/*
 * `npm run bench:audit-partitions [-- --rows N] [--batch B]`: migration 0025 at scale. A database at
 * migration 0024 gets an audit trail of N entries (default 10,000,000) over 24 months among 40
 * registrars, loaded with set-based SQL; then, timed:
 * - the migration itself (renames, new partitioned tables: it must not depend on N);
 * - the copy as the portal runs it after start (db/partition-copy.ts: the months' partitions, batches of
 *   B old ids (default 10,000), each its own transaction), then the per-month counts and checksums;
 * - the floor: one `INSERT … SELECT` of the same rows into a partitioned table of the same shape
 *   (same indexes), the least any copy into partitions can cost.
 * With the load average before and after: the machine is shared. Figures are printed, never asserted.
 * On DATABASE_URL's server, else the embedded one (bench-server.ts).
 */
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/db/database';
import { migrateDatabase } from '../src/db/migrator';
import { migrationsBefore } from '../src/db/migrations-before';
import { migrationsFolder } from '../src/db/database';
import { copyNextBatch, copyState, differingMonths, ensureLegacyMonths, monthSums } from '../src/db/partition-copy';
import { openBenchServer } from './bench-server';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { rows: { type: 'string' }, batch: { type: 'string' } },
  strict: true,
});
const rows = Number(values.rows ?? 10_000_000);
const batchRows = Number(values.batch ?? 10_000);
const loadChunk = 1_000_000;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  console.log(`${label.padEnd(52)} ${seconds(start).padStart(8)} s   (load ${load()})`);
  return result;
}

const server = await openBenchServer();
const url = await server.database('rp_bench_audit_partitions', true);
const pool = new pg.Pool({ connectionString: url, max: 2 });
const previous = migrationsBefore('0025');
try {
  console.log(`bench:audit-partitions on ${server.label}: ${rows.toLocaleString('en')} audit entries, batches of ${batchRows.toLocaleString('en')}`);
  const settings = await pool.query<{ version: string; shared_buffers: string }>(
    `SELECT version() AS version, current_setting('shared_buffers') AS shared_buffers`,
  );
  console.log(`${settings.rows[0]?.version.split(' on ')[0]}, shared_buffers ${settings.rows[0]?.shared_buffers}; load average ${load()}`);
  await migrateDatabase(pool, previous.folder);
  await timed(`load ${rows.toLocaleString('en')} rows at migration 0024`, async () => {
    for (let first = 1; first <= rows; first += loadChunk) {
      const last = Math.min(rows, first + loadChunk - 1);
      // Spread evenly over 24 months back from now, ids in time order as the portal writes them.
      await pool.query(`INSERT INTO audit_events (registrar_handle, username, at, ip, action, details)
        SELECT 'reg' || (g % 40), 'user' || (g % 500) || '@reg' || (g % 40), now() - (${rows} - g) * (interval '730 days' / ${rows}),
          CASE WHEN g % 9 = 0 THEN NULL ELSE '192.0.2.' || (g % 250) END,
          (ARRAY['user.update', 'registrar.techContact.update', 'epp.ipAddresses.update', 'user.create'])[1 + g % 4],
          jsonb_build_object('username', 'user' || (g % 500), 'changed', jsonb_build_array('phone', 'email'))
        FROM generate_series(${first}, ${last}) AS g`);
    }
    await pool.query('VACUUM ANALYZE audit_events');
  });
  const size = await pool.query<{ size: string }>(`SELECT pg_size_pretty(pg_total_relation_size('audit_events')) AS size`);
  console.log(`audit trail before the migration: ${size.rows[0]?.size} with its indexes`);

  await timed('migration 0025 (renames, partitioned tables, views)', () => migrateDatabase(pool, migrationsFolder));
  const database = await openDatabase({ databaseUrl: url, dataDir: '', migrations: 'ignore', poolSize: 2 });
  try {
    const start = performance.now();
    await timed("copy: the months' partitions", () => ensureLegacyMonths(database.db, 'audit_events'));
    await timed('copy: every batch', async () => {
      while (!(await copyNextBatch(database.db, 'audit_events', { batchRows }))) {
        /* the next batch */
      }
    });
    const lastLegacyId = (await copyState(database.db, 'audit_events'))!.lastLegacyId;
    const differing = await timed('copy: counts and checksums of every month, both sides', async () =>
      differingMonths(await monthSums(database.db, 'audit_events', 'legacy', lastLegacyId), await monthSums(database.db, 'audit_events', 'new', lastLegacyId)),
    );
    console.log(`copy in all: ${seconds(start)} s; months that differ: ${differing.length === 0 ? 'none' : differing.join(', ')}`);
  } finally {
    await database.close();
  }

  // The floor: the same rows into a partitioned table of the same shape, in one statement.
  await pool.query(`CREATE TABLE audit_floor (LIKE audit_events INCLUDING DEFAULTS INCLUDING INDEXES) PARTITION BY RANGE (at)`);
  await pool.query(`DO $$
    DECLARE p record;
    BEGIN
      FOR p IN SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'audit_events'::regclass LOOP
        EXECUTE format('CREATE TABLE %I PARTITION OF audit_floor %s', replace(p.name, 'audit_events', 'audit_floor'), p.bound);
      END LOOP;
    END $$`);
  await timed('floor: one INSERT … SELECT into the same partitions', () =>
    pool.query(`INSERT INTO audit_floor (id, registrar_handle, username, at, ip, action, details)
      OVERRIDING SYSTEM VALUE SELECT id, registrar_handle, username, at, ip, action, details FROM audit_events_legacy`),
  );
} finally {
  previous.remove();
  await pool.end();
  await server.stop();
}
