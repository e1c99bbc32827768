import { sql } from 'drizzle-orm';
import type { Db } from './database';
import { ensureMonthlyPartitions } from './monthly-partitions';

/*
 * Migration 0025 renamed the audit trail and the sign-in attempts to `<table>_legacy` and put
 * partitioned tables in their place, so every new row goes to the new table from the deploy on.
 * This copies the old rows across, online:
 * - in batches of old ids (ascending), each batch one transaction that inserts its rows (keeping
 *   their ids, ON CONFLICT DO NOTHING) and moves `partition_copies.copied_to` on, under that row's
 *   lock: a batch is copied whole or not at all, two instances never copy the same batch, and a
 *   copier killed anywhere (SIGKILL mid-batch included) leaves a state the next one resumes from;
 * - then each month's count and checksum compared between the old table and the new one (its rows
 *   with old ids); a month that differs is copied again once, and if it still differs the copy stops
 *   with the months named (`mismatches`) and the old rows stay readable through the view;
 * - `verified_at` set: the retention job may drop the table's months from then on. The old table
 *   itself stays until the next release (docs/decisions.md).
 * The reads see old and new rows throughout through the `*_trail` views (migration 0025).
 */

/** The tables copied and their columns, in the order both tables declare them. */
export const copiedTables = {
  audit_events: ['id', 'registrar_handle', 'username', 'at', 'ip', 'action', 'details'],
  sign_in_attempts: ['id', 'username', 'at', 'ip', 'outcome', 'session_id'],
} as const;
export type CopiedTable = keyof typeof copiedTables;

export interface CopyState {
  table: CopiedTable;
  legacyTable: string;
  copiedTo: number;
  lastLegacyId: number;
  batches: number;
  verifiedAt: Date | null;
  mismatches: string[];
}

export interface MonthSum {
  month: string;
  rows: number;
  checksum: string;
}

const legacyOf = (table: CopiedTable) => `${table}_legacy`;
const columnsOf = (table: CopiedTable) => sql.raw(copiedTables[table].map((column) => `"${column}"`).join(', '));

export async function copyState(db: Db, table: CopiedTable): Promise<CopyState | undefined> {
  const { rows } = await db.execute<{
    legacy_table: string;
    copied_to: string;
    last_legacy_id: string;
    batches: number;
    verified_at: Date | string | null;
    mismatches: string[];
  }>(sql`SELECT legacy_table, copied_to, last_legacy_id, batches, verified_at, mismatches FROM partition_copies WHERE table_name = ${table}`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    table,
    legacyTable: row.legacy_table,
    copiedTo: Number(row.copied_to),
    lastLegacyId: Number(row.last_legacy_id),
    batches: row.batches,
    verifiedAt: row.verified_at === null ? null : new Date(row.verified_at),
    mismatches: row.mismatches,
  };
}

/** Makes the new table's partitions for every month the old table holds (from its oldest row to its newest). */
export async function ensureLegacyMonths(db: Db, table: CopiedTable): Promise<void> {
  const { rows } = await db.execute<{ first: Date | string | null; last: Date | string | null }>(
    sql`SELECT min(at) AS first, max(at) AS last FROM ${sql.identifier(legacyOf(table))}`,
  );
  const first = rows[0]?.first;
  const last = rows[0]?.last;
  if (first && last) await ensureMonthlyPartitions(db, table, new Date(first), new Date(last));
}

export interface BatchOptions {
  batchRows: number;
  /** Tests only: runs inside the batch's transaction, after its insert and before its commit. */
  beforeCommit?: (batch: { from: number; to: number }) => Promise<void>;
}

/**
 * Copies the next batch of old rows; answers whether the copy has passed the old table's last id.
 * The progress row's lock serialises copiers: a second instance waits, then takes the batch after.
 */
export async function copyNextBatch(db: Db, table: CopiedTable, options: BatchOptions): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ copied_to: string; last_legacy_id: string }>(
      sql`SELECT copied_to, last_legacy_id FROM partition_copies WHERE table_name = ${table} FOR UPDATE`,
    );
    const state = rows[0];
    if (!state) throw new Error(`partition copy: no progress row for ${table}`);
    const from = Number(state.copied_to);
    const last = Number(state.last_legacy_id);
    if (from >= last) return true;
    const legacy = sql.identifier(legacyOf(table));
    const bound = await tx.execute<{ to: string | null }>(
      sql`SELECT max(id) AS to FROM (SELECT id FROM ${legacy} WHERE id > ${from} AND id <= ${last} ORDER BY id LIMIT ${options.batchRows}) AS batch`,
    );
    // No row left up to the last id (the old table's end was deleted): the copy has passed it.
    const to = bound.rows[0]?.to === null || bound.rows[0]?.to === undefined ? last : Number(bound.rows[0].to);
    await tx.execute(sql`INSERT INTO ${sql.identifier(table)} (${columnsOf(table)}) OVERRIDING SYSTEM VALUE
      SELECT ${columnsOf(table)} FROM ${legacy} WHERE id > ${from} AND id <= ${to}
      ON CONFLICT (id, at) DO NOTHING`);
    await tx.execute(sql`UPDATE partition_copies SET copied_to = ${to}, batches = batches + 1, started_at = coalesce(started_at, now())
      WHERE table_name = ${table}`);
    await options.beforeCommit?.({ from, to });
    return to >= last;
  });
}

/**
 * Each month's row count and checksum (the sum of the first 64 bits of each row's MD5, order-free),
 * of the old table or of the new table's rows with old ids. Months in UTC, as the partitions are.
 */
export async function monthSums(db: Db, table: CopiedTable, side: 'legacy' | 'new', lastLegacyId: number): Promise<MonthSum[]> {
  const source = side === 'legacy' ? sql`${sql.identifier(legacyOf(table))}` : sql`${sql.identifier(table)} WHERE id <= ${lastLegacyId}`;
  const { rows } = await db.execute<{ month: string; rows: string; checksum: string }>(sql`SELECT month, count(*)::text AS rows, sum(h)::text AS checksum FROM (
      SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
        ('x' || substr(md5(ROW(${columnsOf(table)})::text), 1, 16))::bit(64)::bigint::numeric AS h
      FROM ${source}) AS sums
    GROUP BY month ORDER BY month`);
  return rows.map((row) => ({ month: row.month, rows: Number(row.rows), checksum: row.checksum }));
}

/** The months whose count or checksum differ between the two sides. */
export function differingMonths(legacy: MonthSum[], copied: MonthSum[]): string[] {
  const key = (sum: MonthSum) => `${sum.rows}:${sum.checksum}`;
  const copiedByMonth = new Map(copied.map((sum) => [sum.month, key(sum)]));
  const legacyByMonth = new Map(legacy.map((sum) => [sum.month, key(sum)]));
  const months = new Set([...legacyByMonth.keys(), ...copiedByMonth.keys()]);
  return [...months].filter((month) => legacyByMonth.get(month) !== copiedByMonth.get(month)).sort();
}

async function recopyMonth(db: Db, table: CopiedTable, month: string, lastLegacyId: number): Promise<void> {
  const start = sql`(${`${month}-01`}::timestamp AT TIME ZONE 'UTC')`;
  const end = sql`((${`${month}-01`}::timestamp + interval '1 month') AT TIME ZONE 'UTC')`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM partition_copies WHERE table_name = ${table} FOR UPDATE`);
    await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE at >= ${start} AND at < ${end} AND id <= ${lastLegacyId}`);
    await tx.execute(sql`INSERT INTO ${sql.identifier(table)} (${columnsOf(table)}) OVERRIDING SYSTEM VALUE
      SELECT ${columnsOf(table)} FROM ${sql.identifier(legacyOf(table))} WHERE at >= ${start} AND at < ${end}`);
  });
}

export interface CopyOutcome {
  table: CopiedTable;
  batches: number;
  months: number;
  rows: number;
  /** Months copied again because they differed at the first comparison. */
  recopied: string[];
}

/**
 * Copies what is left of `table`'s old rows and verifies every month; resumes where an earlier copier
 * stopped. Throws, with the months named, when a month still differs after being copied again.
 * `shouldStop` is asked between batches (the instance is shutting down): the copy resumes at the next start.
 */
export async function copyLegacyRows(
  db: Db,
  table: CopiedTable,
  options: BatchOptions & { shouldStop?: () => boolean; log?: (message: string) => void },
): Promise<CopyOutcome | undefined> {
  const state = await copyState(db, table);
  if (!state || state.verifiedAt) return undefined;
  await ensureLegacyMonths(db, table);
  let batches = 0;
  for (;;) {
    if (options.shouldStop?.()) return undefined;
    const done = await copyNextBatch(db, table, options);
    batches++;
    if (done) break;
  }
  const last = state.lastLegacyId;
  const legacy = await monthSums(db, table, 'legacy', last);
  const differing = differingMonths(legacy, await monthSums(db, table, 'new', last));
  for (const month of differing) {
    options.log?.(`partition copy: ${table} ${month} differs; copying it again`);
    await recopyMonth(db, table, month, last);
  }
  const still = differing.length === 0 ? [] : differingMonths(legacy, await monthSums(db, table, 'new', last));
  await db.execute(
    sql`UPDATE partition_copies SET mismatches = ${JSON.stringify(still)}::jsonb, verified_at = ${still.length === 0 ? sql`now()` : sql`NULL`} WHERE table_name = ${table}`,
  );
  if (still.length > 0) throw new Error(`partition copy: ${table} differs from ${legacyOf(table)} in ${still.join(', ')}`);
  return { table, batches, months: legacy.length, rows: legacy.reduce((sum, month) => sum + month.rows, 0), recopied: differing };
}

/** Whether `table`'s old rows are all copied and verified (the retention job drops its months only then). */
export async function copyVerified(db: Db, table: string): Promise<boolean> {
  if (!(table in copiedTables)) return true;
  const state = await copyState(db, table as CopiedTable);
  return state === undefined || state.verifiedAt !== null;
}
