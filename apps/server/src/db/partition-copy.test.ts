import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { recordAudit } from '../modules/audit/audit.repository';
import { countHistory, historyPage, insertSessionSignIn, type HistoryScope } from '../modules/history/history.repository';
import { databaseUrlOf, migrationsFolder, openDatabase, type Database } from './database';
import { migrateDatabase } from './migrator';
import { migrationsBefore } from './migrations-before';
import { copyLegacyRows, copyState, differingMonths, monthSums } from './partition-copy';

/*
 * Migration 0025 on a database that has rows: a database at migration 0024 filled with an audit trail
 * of 30,000 entries over 14 months and 6,000 sign-in attempts, then migrated. The copy runs in a
 * child process that is SIGKILLed inside a batch's transaction; another copier resumes, finds the
 * month a bad copy spoilt by its count and checksum, copies it again, and verifies. The history reads
 * the same before, during and after.
 */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const serverUrl = () => inject('testServerUrl');
const auditRows = 30_000;
const signInRows = 6_000;
let pool: pg.Pool;
let database: Database;
let url: string;
let name: string;
let previous: ReturnType<typeof migrationsBefore>;
const children: ChildProcess[] = [];

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const count = async (statement: string) => Number((await pool.query<{ n: string }>(statement)).rows[0]?.n);

beforeAll(async () => {
  name = `rp_partitions_${randomBytes(5).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  url = databaseUrlOf(serverUrl(), name);
  pool = new pg.Pool({ connectionString: url, max: 4 });
  // The release before the partitions.
  previous = migrationsBefore('0025');
  await migrateDatabase(pool, previous.folder);
  // Old rows as the previous release wrote them: NULL addresses, details with quotes and accents, sessions.
  await pool.query(`INSERT INTO audit_events (registrar_handle, username, at, ip, action, details)
    SELECT CASE WHEN g % 3 = 0 THEN 'beta' ELSE 'alpha' END, 'user' || (g % 17) || '@alpha', now() - g * interval '20 minutes',
      CASE WHEN g % 7 = 0 THEN NULL ELSE '192.0.2.' || (g % 250) END, 'user.update',
      jsonb_build_object('username', 'u' || g, 'note', 'Zoë "quoted" ' || g)
    FROM generate_series(1, ${auditRows}) AS g`);
  await pool.query(`INSERT INTO sign_in_attempts (username, at, ip, outcome, session_id)
    SELECT 'user' || (g % 11) || '@alpha', now() - g * interval '70 minutes', '198.51.100.' || (g % 200),
      CASE WHEN g % 5 = 0 THEN 'wrongPassword' ELSE 'success' END, CASE WHEN g % 10 = 0 THEN 'kc-session-' || g END
    FROM generate_series(1, ${signInRows}) AS g`);
  await migrateDatabase(pool, migrationsFolder);
  database = await openDatabase({ databaseUrl: url, dataDir: '', migrations: 'ignore', onIdleConnectionError: () => undefined });
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await database?.close();
  await pool?.end();
  previous?.remove();
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

function startCopier(env: Record<string, string>): { child: ChildProcess; holding: Promise<string>; exited: Promise<number | null> } {
  // Node itself with tsx's loader, not the tsx command: SIGKILL must reach the process doing the work.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/partition-copy.test-support.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const holding = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /holding (\d+-\d+)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then((code) => reject(new Error(`copier ended (${code}) before it held a batch`)));
  });
  return { child, holding, exited };
}

const alpha: HistoryScope = { registrarHandle: 'alpha', signIns: true, personalData: false };
const everything = 1_000_000;

describe('migration 0025 on a database with rows', () => {
  it('renames the old tables, sends new rows to the partitioned ones after the old ids, and reads both', async () => {
    expect(await count('SELECT count(*) AS n FROM audit_events_legacy')).toBe(auditRows);
    expect(await count('SELECT count(*) AS n FROM audit_events')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM sign_in_attempts_legacy')).toBe(signInRows);
    expect(await copyState(database.db, 'audit_events')).toMatchObject({ copiedTo: 0, lastLegacyId: auditRows, verifiedAt: null });
    const before = await countHistory(database.db, alpha, everything);
    // alpha's two thirds of the audit trail, and every sign-in (all usernames end in @alpha).
    expect(before).toBe(auditRows - auditRows / 3 + signInRows);

    await recordAudit(database.db, { registrarHandle: 'alpha', username: 'admin@alpha', ip: '192.0.2.1' }, 'user.enable', { username: 'fresh@alpha' });
    const fresh = await pool.query<{ id: string }>(`SELECT id FROM audit_events WHERE action = 'user.enable'`);
    expect(fresh.rows.map((row) => Number(row.id))).toEqual([auditRows + 1]);
    const page = await historyPage(database.db, alpha, 0, 3);
    expect(page[0]).toMatchObject({ source: 'a', action: 'user.enable', id: auditRows + 1 });
    expect(await countHistory(database.db, alpha, everything)).toBe(before + 1);
    // A Keycloak session recorded before the deploy is still recorded: not a second time.
    expect(await insertSessionSignIn(database.db, { username: 'user0@alpha', ip: '198.51.100.1', sessionId: 'kc-session-10' })).toBe(false);
    expect(await insertSessionSignIn(database.db, { username: 'user0@alpha', ip: '198.51.100.1', sessionId: 'kc-session-new' })).toBe(true);
  });

  it('resumes a copy whose process was SIGKILLed inside a batch, catches a spoilt month, and verifies every month', async () => {
    const total = await countHistory(database.db, alpha, everything);
    const firstPage = await historyPage(database.db, alpha, 0, 50);
    const copier = startCopier({ COPY_TABLE: 'audit_events', COPY_BATCH_ROWS: '1000', COPY_HOLD_AT_BATCH: '6' });
    expect(await copier.holding).toBe('5000-6000');
    // Mid-copy, the sixth batch's rows inserted but not committed: every entry is read once.
    expect(await countHistory(database.db, alpha, everything)).toBe(total);
    expect(await historyPage(database.db, alpha, 0, 50)).toEqual(firstPage);
    copier.child.kill('SIGKILL');
    await copier.exited;

    // Five batches committed, the sixth gone with its process.
    expect(await copyState(database.db, 'audit_events')).toMatchObject({ copiedTo: 5000, batches: 5, verifiedAt: null });
    expect(await count(`SELECT count(*) AS n FROM audit_events WHERE id <= ${auditRows}`)).toBe(5000);
    expect(await countHistory(database.db, alpha, everything)).toBe(total);
    // A copied row spoilt (as a faulty copy would): the comparison must find its month.
    const spoilt = await pool.query<{ month: string }>(
      `UPDATE audit_events SET details = details || '{"note": "changed"}' WHERE id = 42 RETURNING to_char(at AT TIME ZONE 'UTC', 'YYYY-MM') AS month`,
    );

    const outcome = await copyLegacyRows(database.db, 'audit_events', { batchRows: 1000 });

    expect(outcome).toMatchObject({ batches: 25, rows: auditRows, recopied: [spoilt.rows[0]?.month] });
    expect(outcome?.months).toBeGreaterThanOrEqual(14);
    const state = await copyState(database.db, 'audit_events');
    expect(state).toMatchObject({ copiedTo: auditRows, mismatches: [] });
    expect(state?.verifiedAt).not.toBeNull();
    const legacy = await monthSums(database.db, 'audit_events', 'legacy', auditRows);
    expect(differingMonths(legacy, await monthSums(database.db, 'audit_events', 'new', auditRows))).toEqual([]);
    expect(await count(`SELECT count(DISTINCT id) AS n FROM audit_events WHERE id <= ${auditRows}`)).toBe(auditRows);
    // The old table is kept (until the next release), and no longer read.
    expect(await count('SELECT count(*) AS n FROM audit_events_legacy')).toBe(auditRows);
    expect(await countHistory(database.db, alpha, everything)).toBe(total);
    expect(await historyPage(database.db, alpha, 0, 50)).toEqual(firstPage);
    // Run again (another instance): nothing left to do.
    expect(await copyLegacyRows(database.db, 'audit_events', { batchRows: 1000 })).toBeUndefined();
  }, 120_000);

  it('copies the sign-in attempts the same way', async () => {
    const total = await countHistory(database.db, alpha, everything);
    const outcome = await copyLegacyRows(database.db, 'sign_in_attempts', { batchRows: 2500 });
    expect(outcome).toMatchObject({ batches: 3, rows: signInRows, recopied: [] });
    expect(await count(`SELECT count(*) AS n FROM sign_in_attempts WHERE id <= ${signInRows}`)).toBe(signInRows);
    expect(await countHistory(database.db, alpha, everything)).toBe(total);
    const { rows } = await database.db.execute<{ n: string }>(sql`SELECT count(*)::text AS n FROM sign_in_trail WHERE session_id = 'kc-session-10'`);
    expect(rows[0]?.n).toBe('1');
  });
});
