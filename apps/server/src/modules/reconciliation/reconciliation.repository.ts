import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import {
  messageTexts,
  reconciliationComparedFields,
  reconciliationKinds,
  reconciliationLimits,
  reconciliationLineProblems,
  type ReconciliationComparedField,
  type ReconciliationKind,
} from '@registrar-panel/contract';
import type { Database, Db } from '../../db/database';
import { reconciliationResults, reconciliationRuns } from '../../db/schema';
import { neutraliseFormulaSql } from '../../lib/csv';
import { copyCsvRecords } from '../registrar/report.repository';

/*
 * SQL of reconciliation: the run's row (its lock, progress and counts), the staging table its file
 * is copied into (a temporary table of the run's own connection: never written to disk's log, gone
 * with the connection, seen by no other), the comparison with the registrar's registrations, and
 * the results' pages and file.
 */

export type RunRow = typeof reconciliationRuns.$inferSelect;

const running = sql`state IN ('receiving', 'comparing')`;

/**
 * Starts a run for the registrar unless one is running: the partial unique index on the running
 * runs is the lock, taken by this INSERT in the database, so two uploads at the same instant cannot
 * both start. A run that stopped reporting for `staleMinutes` (its server died) is marked failed first.
 */
export async function startRun(
  db: Db,
  values: { registrarHandle: string; startedBy: string; fileName: string | null; bytesTotal: number | null },
): Promise<RunRow | undefined> {
  await db
    .update(reconciliationRuns)
    .set({ state: 'failed', failure: 'reconciliation.failed', finishedAt: sql`now()` })
    .where(
      and(
        eq(reconciliationRuns.registrarHandle, values.registrarHandle),
        running,
        sql`${reconciliationRuns.updatedAt} < now() - make_interval(mins => ${reconciliationLimits.staleMinutes})`,
      ),
    );
  const [row] = await db
    .insert(reconciliationRuns)
    .values({ ...values, state: 'receiving' })
    .onConflictDoNothing({ target: reconciliationRuns.registrarHandle, where: running })
    .returning();
  return row;
}

export async function reportProgress(db: Db, runId: string, progress: { bytesReceived: number; linesRead: number; state?: 'comparing' }): Promise<void> {
  await db
    .update(reconciliationRuns)
    .set({ ...progress, updatedAt: sql`now()` })
    .where(eq(reconciliationRuns.id, runId));
}

export async function finishRun(
  db: Db,
  runId: string,
  outcome: { state: 'done' | 'failed'; counts?: Record<ReconciliationKind, number>; failure?: string; columns?: string[] },
): Promise<RunRow> {
  const [row] = await db
    .update(reconciliationRuns)
    .set({ ...outcome, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(reconciliationRuns.id, runId))
    .returning();
  if (!row) throw new Error(`reconciliation run ${runId} vanished`);
  return row;
}

/** A run refused before its end (a file too large, a header without names): nothing of it is kept. */
export async function deleteRun(db: Db, runId: string): Promise<void> {
  await db.delete(reconciliationRuns).where(eq(reconciliationRuns.id, runId));
}

export async function findRun(db: Db, registrarHandle: string, runId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(reconciliationRuns)
    .where(and(eq(reconciliationRuns.id, runId), eq(reconciliationRuns.registrarHandle, registrarHandle)));
  return row;
}

export async function listRuns(db: Db, registrarHandle: string, retentionDays: number): Promise<RunRow[]> {
  return db
    .select()
    .from(reconciliationRuns)
    .where(and(eq(reconciliationRuns.registrarHandle, registrarHandle), sql`${reconciliationRuns.startedAt} > now() - make_interval(days => ${retentionDays})`))
    .orderBy(desc(reconciliationRuns.startedAt))
    .limit(50);
}

export async function resultsPage(db: Db, run: RunRow, kind: ReconciliationKind, page: number) {
  const size = reconciliationLimits.pageSize;
  return db
    .select()
    .from(reconciliationResults)
    .where(
      and(
        eq(reconciliationResults.runId, run.id),
        eq(reconciliationResults.runStartedAt, run.startedAt),
        eq(reconciliationResults.kind, kind),
        gt(reconciliationResults.seq, page * size),
        lte(reconciliationResults.seq, (page + 1) * size),
      ),
    )
    .orderBy(reconciliationResults.seq);
}

/** The staging table's columns, in the order the COPY writes them. */
export const stagingColumns = ['line_no', 'a_label', 'name', 'expires_on', 'name_servers', 'registrant', 'ds', 'problem'] as const;

/**
 * Opens the run's transaction on its connection and the staging table in it. The file is copied in,
 * compared and the results written in this one transaction, ended by `compare`: behind PgBouncer in
 * transaction mode each transaction may run on another server connection, and a temporary table
 * lives in one; it goes with the transaction (ON COMMIT DROP), whether it commits or rolls back.
 */
export async function openStaging(client: PoolClient): Promise<void> {
  await client.query('BEGIN');
  await client.query(`CREATE TEMPORARY TABLE reconciliation_upload (
      line_no integer NOT NULL, a_label text COLLATE "C", name text, expires_on text, name_servers text COLLATE "C",
      registrant text COLLATE "C", ds text COLLATE "C", problem text) ON COMMIT DROP`);
}

export const stagingCopySql = `COPY pg_temp.reconciliation_upload (${stagingColumns.join(', ')}) FROM STDIN WITH (FORMAT csv)`;

/** The registry's value of each compared field, written as `reconciliation-lines.ts` writes the file's. */
const registryValueSql: Record<ReconciliationComparedField, string> = {
  expiry: `to_char(m.expires_at AT TIME ZONE 'Europe/Brussels', 'YYYY-MM-DD')`,
  nameServers: `coalesce(ns.value, '')`,
  registrant: `coalesce(m.registrant_handle, '')`,
  ds: `coalesce(dss.value, '')`,
};
const fileColumn: Record<ReconciliationComparedField, string> = { expiry: 'expires_on', nameServers: 'name_servers', registrant: 'registrant', ds: 'ds' };

/**
 * Compares the staged file with the registrar's registrations, in the transaction `openStaging`
 * began on the run's connection, stores what differs and commits; returns the count of each kind.
 * A name repeated in the file counts once, at its first line; the others are bad lines. Only the
 * fields the header named are compared.
 */
export async function compare(
  client: PoolClient,
  run: Pick<RunRow, 'id' | 'startedAt' | 'registrarHandle'>,
  fields: readonly ReconciliationComparedField[],
): Promise<Record<ReconciliationKind, number>> {
  const target = `INSERT INTO reconciliation_results (run_id, run_started_at, kind, seq, line_no, name, field, registry_value, file_value, problem)`;
  const params = [run.id, run.startedAt, run.registrarHandle];
  const counts = Object.fromEntries(reconciliationKinds.map((kind) => [kind, 0])) as Record<ReconciliationKind, number>;
  try {
    // Temporary tables are never analysed by autovacuum: without statistics the joins below are planned blind.
    await client.query('ANALYZE pg_temp.reconciliation_upload');
    await client.query(`UPDATE pg_temp.reconciliation_upload u SET problem = 'reconciliation.line.duplicate'
        FROM (SELECT line_no, row_number() OVER (PARTITION BY a_label ORDER BY line_no) AS nth FROM pg_temp.reconciliation_upload WHERE problem IS NULL) d
        WHERE d.line_no = u.line_no AND d.nth > 1`);
    const bad = await client.query(
      `${target} SELECT $1, $2, 'badLine', row_number() OVER (ORDER BY line_no), line_no, name, NULL, NULL, NULL, problem
         FROM pg_temp.reconciliation_upload WHERE problem IS NOT NULL`,
      params.slice(0, 2),
    );
    counts.badLine = bad.rowCount ?? 0;
    // A name on a bad line is still in the file: it is not reported missing as well.
    const missing = await client.query(
      `${target} SELECT $1, $2, 'missingFromFile', row_number() OVER (ORDER BY d.u_label), NULL, d.u_label, NULL, NULL, NULL, NULL
         FROM domains d WHERE d.registrar_handle = $3
          AND NOT EXISTS (SELECT 1 FROM pg_temp.reconciliation_upload u WHERE u.a_label = d.a_label)`,
      params,
    );
    counts.missingFromFile = missing.rowCount ?? 0;
    // Another registrar's name and a name nobody holds are alike here: the caller learns only that it is not theirs.
    const notSponsored = await client.query(
      `${target} SELECT $1, $2, 'notSponsored', row_number() OVER (ORDER BY u.line_no), u.line_no, u.name, NULL, NULL, NULL, NULL
         FROM pg_temp.reconciliation_upload u WHERE u.problem IS NULL
          AND NOT EXISTS (SELECT 1 FROM domains d WHERE d.a_label = u.a_label AND d.registrar_handle = $3)`,
      params,
    );
    counts.notSponsored = notSponsored.rowCount ?? 0;
    if (fields.length > 0) counts.differs = await insertDifferences(client, target, params, fields);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return counts;
}

async function insertDifferences(client: PoolClient, target: string, params: unknown[], fields: readonly ReconciliationComparedField[]): Promise<number> {
  const ordered = reconciliationComparedFields.filter((field) => fields.includes(field));
  const values = ordered.map((field, index) => `(${index}, '${field}', ${registryValueSql[field]}, m.${fileColumn[field]})`).join(', ');
  const nameServers = fields.includes('nameServers')
    ? `LEFT JOIN LATERAL (SELECT string_agg(h.host, ' ' ORDER BY h.host) AS value
         FROM (SELECT DISTINCT lower(rtrim(n.name, '.')) COLLATE "C" AS host FROM nameservers n WHERE n.domain_id = m.id) h) ns ON m.name_servers IS NOT NULL`
    : `LEFT JOIN (SELECT NULL::text AS value) ns ON false`;
  const ds = fields.includes('ds')
    ? `LEFT JOIN LATERAL (SELECT string_agg(r.record, ' | ' ORDER BY r.record) AS value
         FROM (SELECT DISTINCT (s.key_tag || ' ' || s.algorithm || ' ' || s.digest_type || ' ' || lower(s.digest)) COLLATE "C" AS record
                 FROM delegation_signers s WHERE s.domain_id = m.id) r) dss ON m.ds IS NOT NULL`
    : `LEFT JOIN (SELECT NULL::text AS value) dss ON false`;
  const result = await client.query(
    `WITH m AS (
       SELECT u.line_no, u.expires_on, u.name_servers, u.registrant, u.ds, d.id, d.u_label, d.registrant_handle, d.expires_at
         FROM pg_temp.reconciliation_upload u JOIN domains d ON d.a_label = u.a_label AND d.registrar_handle = $3
        WHERE u.problem IS NULL),
     diffs AS (
       SELECT m.line_no, m.u_label, f.ordinal, f.field, f.registry, f.file
         FROM m ${nameServers} ${ds}
         CROSS JOIN LATERAL (VALUES ${values}) AS f(ordinal, field, registry, file)
        WHERE f.file IS NOT NULL AND f.registry IS DISTINCT FROM f.file)
     ${target} SELECT $1, $2, 'differs', row_number() OVER (ORDER BY line_no, ordinal), line_no, u_label, field, registry, file, NULL FROM diffs`,
    params,
  );
  return result.rowCount ?? 0;
}

const kindOrder = `CASE kind ${reconciliationKinds.map((kind, index) => `WHEN '${kind}' THEN ${index}`).join(' ')} END`;
// The file says why a line is bad in words, in English like every file the portal writes.
const problemTexts = reconciliationLineProblems
  .map((key) => `('${key}', '${messageTexts[key].replace('{{max}}', String(reconciliationLimits.maxLineBytes)).replaceAll("'", "''")}')`)
  .join(', ');

/**
 * The run's results as CSV records (kind, line, name, field, registry, file, problem), kind by kind
 * in their page order, written by PostgreSQL's COPY with every text cell formula-neutralised.
 */
export function resultRecords(database: Database, run: RunRow): AsyncGenerator<Buffer> {
  const text = (expression: string) => neutraliseFormulaSql(`nullif(${expression}, '')`);
  return copyCsvRecords(
    database,
    (
      literal,
    ) => `SELECT ${text('r.kind')}, r.line_no, ${text('r.name')}, ${text('r.field')}, ${text('r.registry_value')}, ${text('r.file_value')}, ${text('p.text')}
      FROM reconciliation_results r LEFT JOIN (VALUES ${problemTexts}) AS p(key, text) ON p.key = r.problem
     WHERE r.run_id = ${literal(run.id)}::uuid AND r.run_started_at = ${literal(run.startedAt.toISOString())}::timestamptz
     ORDER BY ${kindOrder}, r.seq`,
  );
}
