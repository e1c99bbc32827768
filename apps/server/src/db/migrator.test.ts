import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as drizzleMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseUrlOf, migrationsFolder, openDatabase } from './database';
import { migrateDatabase, outsideTransactionMarker, pendingMigrations } from './migrator';

/* Migrations on an empty database of the test server, as several instances starting together would run them. */
const serverUrl = () => inject('testServerUrl');
const created: string[] = [];

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function emptyDatabase(): Promise<string> {
  const name = `rp_migrate_${randomBytes(5).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  created.push(name);
  return databaseUrlOf(serverUrl(), name);
}

afterAll(async () => {
  for (const name of created) await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

/** Migrations 0000 to 0006 were applied by Drizzle's migrator before the portal had its own. */
const drizzleEra = 7;
const journalLength = (JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

describe('migrations', () => {
  it('three instances starting together on an empty database: one migrator, each migration applied once', async () => {
    const url = await emptyDatabase();
    const pools = [1, 2, 3].map(() => new pg.Pool({ connectionString: url, max: 2 }));
    try {
      const results = await Promise.all(pools.map((pool) => migrateDatabase(pool, migrationsFolder)));
      // One of them applied everything (and created the job queue); the others waited for the lock and found nothing to do.
      expect(results.map((tags) => tags.length).sort((a, b) => a - b)).toEqual([0, 0, journalLength + 1]);
      expect(results.flat().at(-1)).toBe('job-queue');
      const { rows } = await pools[0]!.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(rows[0]?.n).toBe(journalLength);
      expect(await pendingMigrations(pools[0]!, migrationsFolder)).toEqual([]);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('runs each migration in its own transaction: a failing one leaves the earlier ones applied and itself not', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'rp-migrations-'));
    mkdirSync(join(folder, 'meta'));
    const entries = [
      { idx: 0, version: '7', when: 1000, tag: '0000_good', breakpoints: true },
      { idx: 1, version: '7', when: 2000, tag: '0001_broken', breakpoints: true },
    ];
    writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
    writeFileSync(join(folder, '0000_good.sql'), 'CREATE TABLE first_table (id int);');
    writeFileSync(join(folder, '0001_broken.sql'), 'CREATE TABLE second_table (id int);\n--> statement-breakpoint\nSELECT no_such_function();');
    const pool = new pg.Pool({ connectionString: await emptyDatabase(), max: 1 });
    try {
      await expect(migrateDatabase(pool, folder)).rejects.toThrow(/Migration 0001_broken failed: function no_such_function\(\) does not exist/);
      const tables = await pool.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE tablename IN ('first_table', 'second_table')`);
      expect(tables.rows.map((row) => row.name)).toEqual(['first_table']);
      expect(await pendingMigrations(pool, folder)).toEqual(['0001_broken', 'job-queue']);
      // The lock is free again: the next attempt runs (and fails the same way) instead of waiting forever.
      await expect(migrateDatabase(pool, folder)).rejects.toThrow(/0001_broken/);
    } finally {
      await pool.end();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('runs a migration marked outside-transaction statement by statement (CREATE INDEX CONCURRENTLY)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'rp-migrations-'));
    mkdirSync(join(folder, 'meta'));
    const entries = [
      { idx: 0, version: '7', when: 1000, tag: '0000_table', breakpoints: true },
      { idx: 1, version: '7', when: 2000, tag: '0001_index', breakpoints: true },
    ];
    writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
    writeFileSync(join(folder, '0000_table.sql'), 'CREATE TABLE names (name text);');
    writeFileSync(join(folder, '0001_index.sql'), `${outsideTransactionMarker}\nCREATE INDEX CONCURRENTLY IF NOT EXISTS names_name ON names (name);`);
    const pool = new pg.Pool({ connectionString: await emptyDatabase(), max: 1 });
    try {
      expect(await migrateDatabase(pool, folder)).toEqual(['0000_table', '0001_index', 'job-queue']);
      const { rows } = await pool.query<{ valid: boolean }>(`SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = 'names_name'::regclass`);
      expect(rows[0]?.valid).toBe(true);
    } finally {
      await pool.end();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('the command-line tools refuse a database that is not migrated, and do not migrate it', async () => {
    const url = await emptyDatabase();
    await expect(openDatabase({ databaseUrl: url, dataDir: '', migrations: 'refuse' })).rejects.toThrow(
      `The database is not migrated (${journalLength + 1} pending: 0000_enable_pg_trgm`,
    );
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const { rows } = await pool.query<{ present: boolean }>(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
      expect(rows[0]?.present).toBe(false);
    } finally {
      await pool.end();
    }
  });

  it("goes on from a database that Drizzle's own migrator migrated (earlier versions of the portal)", async () => {
    // The migrations up to 0006, as the last portal migrated by Drizzle shipped them.
    const folder = mkdtempSync(join(tmpdir(), 'rp-migrations-'));
    cpSync(migrationsFolder, folder, { recursive: true });
    const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const later = journal.entries.slice(drizzleEra);
    journal.entries = journal.entries.slice(0, drizzleEra);
    writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify(journal));
    const pool = new pg.Pool({ connectionString: await emptyDatabase(), max: 1 });
    try {
      await drizzleMigrate(drizzle(pool), { migrationsFolder: folder });
      const expected = [...later.map((entry) => entry.tag), 'job-queue'];
      expect(await pendingMigrations(pool, migrationsFolder)).toEqual(expected);
      expect(await migrateDatabase(pool, migrationsFolder)).toEqual(expected);
      expect(await pendingMigrations(pool, migrationsFolder)).toEqual([]);
    } finally {
      await pool.end();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
