import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { jobQueuePending, migrateJobQueue } from './job-queue-schema';

/*
 * Migrations, as a fleet applies them. Drizzle's migrator takes no lock and runs every pending
 * migration in one transaction (0004 held its locks for 25 minutes on 7M domains). Here:
 * - one advisory lock: instances starting together wait for one migrator, then find nothing to do;
 * - each migration in a transaction of its own, committed with its row in drizzle's table (the same
 *   table and rule as Drizzle's: a migration is applied when its `when` is not after the latest
 *   applied one), so a database Drizzle migrated stays migrated;
 * - a migration whose first line is `-- migrate: outside-transaction` runs statement by statement
 *   outside a transaction, for what PostgreSQL refuses inside one (CREATE INDEX CONCURRENTLY);
 *   such a migration must be safe to run again (IF NOT EXISTS), as it may stop half way.
 * - then the job queue's own schema (pg-boss, job-queue-schema.ts), under the same lock.
 * docs/decisions.md gives the rule for heavy changes.
 */

const lockName = 'registrar-panel:migrations';
export const outsideTransactionMarker = '-- migrate: outside-transaction';

interface Migration {
  tag: string;
  statements: string[];
  when: number;
  hash: string;
}

function journalOf(folder: string): { entries: { tag: string; when: number }[] } {
  return JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
}

function migrationsIn(folder: string): Migration[] {
  const journal = journalOf(folder);
  return readMigrationFiles({ migrationsFolder: folder }).map((migration, index) => ({
    tag: journal.entries[index]?.tag ?? String(index),
    statements: migration.sql.filter((statement) => statement.trim() !== ''),
    when: migration.folderMillis,
    hash: migration.hash,
  }));
}

async function latestApplied(client: pg.PoolClient): Promise<number | undefined> {
  const table = await client.query<{ present: boolean }>(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!table.rows[0]?.present) return undefined;
  const { rows } = await client.query<{ created_at: string }>('SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1');
  return rows[0] ? Number(rows[0].created_at) : undefined;
}

/** The `when` of this build's latest migration: a database is migrated once it has applied it. */
export function latestMigrationOf(folder: string): number {
  return Math.max(...journalOf(folder).entries.map((entry) => entry.when));
}

/** The `when` of the latest migration the database has applied; undefined before the first. */
export async function latestAppliedMigration(pool: pg.Pool): Promise<number | undefined> {
  const client = await pool.connect();
  try {
    return await latestApplied(client);
  } finally {
    client.release();
  }
}

/** The migrations of this build not yet applied to the database, by tag (the job queue's as `job-queue`). */
export async function pendingMigrations(pool: pg.Pool, folder: string): Promise<string[]> {
  const latest = await latestAppliedMigration(pool);
  const pending = migrationsIn(folder)
    .filter((migration) => latest === undefined || migration.when > latest)
    .map((migration) => migration.tag);
  return (await jobQueuePending(pool)) ? [...pending, 'job-queue'] : pending;
}

/**
 * Waits for the migrations' lock by trying it, not by blocking on it: a session blocked in
 * pg_advisory_lock holds a snapshot, and CREATE INDEX CONCURRENTLY in the migrator that has the
 * lock waits for every older snapshot to end, so blocked instances and the migrator would wait for
 * each other (PostgreSQL reports a deadlock: the test of three instances starting together found it).
 */
async function takeLock(client: pg.PoolClient, log?: (message: string) => void): Promise<void> {
  let told = false;
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [lockName]);
    if (rows[0]?.locked) return;
    if (!told) log?.('Waiting for the migrations another instance is applying…');
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Applies the pending migrations under the advisory lock; returns the tags it applied. */
export async function migrateDatabase(pool: pg.Pool, folder: string, log?: (message: string) => void): Promise<string[]> {
  const migrations = migrationsIn(folder);
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    // A migration may take longer than the statement timeout the requests run with.
    await client.query('SET statement_timeout = 0');
    await takeLock(client, log);
    try {
      await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
      await client.query('CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)');
      const latest = await latestApplied(client);
      for (const migration of migrations) {
        if (latest !== undefined && migration.when <= latest) continue;
        const inTransaction = !migration.statements[0]?.trimStart().startsWith(outsideTransactionMarker);
        log?.(`Applying migration ${migration.tag}${inTransaction ? '' : ' (outside a transaction)'}…`);
        if (inTransaction) await client.query('BEGIN');
        try {
          for (const statement of migration.statements) await client.query(statement);
          await client.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [migration.hash, migration.when]);
          if (inTransaction) await client.query('COMMIT');
        } catch (error) {
          if (inTransaction) await client.query('ROLLBACK');
          throw new Error(`Migration ${migration.tag} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
        applied.push(migration.tag);
      }
      const jobQueue = await migrateJobQueue(client);
      if (jobQueue) {
        log?.(`Applying migration job-queue: ${jobQueue}`);
        applied.push('job-queue');
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockName]);
    }
  } finally {
    client.release();
  }
  return applied;
}
