import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { databaseUrlOf, migrationsFolder, openDatabase } from '../db/database';
import { jobQueueSchemaVersion, queueNames } from '../db/job-queue-schema';
import { ensureMonthlyPartitions } from '../db/monthly-partitions';

/** The first month of the partitions the template holds for the tables migration 0025 partitioned. */
const templateMonthsFrom = new Date('2020-01-01T00:00:00Z');

/** The template's name changes with the migrations, so a server never hands out an outdated copy. */
export function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  // The job queue's schema and queues are migrated too (jobs/job-queue.ts).
  hash.update(`job-queue:${jobQueueSchemaVersion}:${Object.values(queueNames).join(',')}`);
  // Its months of the audit trail and sign-in attempts run to a few months after the month it was made in.
  hash.update(`months:${templateMonthsFrom.toISOString()}:${new Date().toISOString().slice(0, 7)}`);
  return `rp_template_${hash.digest('hex').slice(0, 12)}`;
}

/**
 * Makes sure the server holds a migrated template database and returns its name. Migrations run
 * once per server and migration set (the template is kept between runs); test files then copy it
 * with CREATE DATABASE … TEMPLATE, which takes milliseconds. An advisory lock keeps two runs
 * (or two projects) from building it at once.
 */
export async function ensureTemplate(serverUrl: string): Promise<string> {
  const name = templateName();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate', [name]);
    if (!rowCount) {
      // A half-built template of an interrupted run is not marked as a template yet: start again.
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      const database = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, name), dataDir: '' });
      // Tests write audit entries and sign-in attempts at instants of their choosing, as old data.
      const ahead = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 3, 1));
      for (const table of ['audit_events', 'sign_in_attempts'] as const) await ensureMonthlyPartitions(database.db, table, templateMonthsFrom, ahead);
      await database.close();
      await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    }
    return name;
  } finally {
    await admin.end();
  }
}
