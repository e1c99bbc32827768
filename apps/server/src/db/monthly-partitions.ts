import { sql } from 'drizzle-orm';
import type { Db } from './database';

/*
 * Tables that only grow (EPP connection events, those the notifications add, the audit trail and the sign-in attempts) are partitioned by
 * month on a timestamp column, with no extension (pg_partman exists for PostgreSQL 15 only here, the
 * embedded 18 has none): the same migrations run on both. This module is the one place that names,
 * makes and drops their partitions. A partition is `<table>_pYYYYMM`, holding [first of the month,
 * first of the next) in UTC: partitions are a storage matter, Brussels days are for what users see.
 *
 * Who calls it: a writer makes the months it is about to write before its transaction (creating a
 * partition locks the parent, which must not wait inside a long batch), the retention job makes the
 * coming months ahead of time and drops the months wholly past retention.
 */

/** The partitioned tables and the column they are partitioned on; a new one is one line here. */
export const monthlyPartitionedTables = {
  epp_connection_events: 'at',
  events: 'at',
  webhook_attempts: 'at',
  registry_messages: 'at',
  personal_data_reads: 'at',
  // Partitioned by migration 0025, their earlier rows copied in by db/partition-copy.ts.
  audit_events: 'at',
  sign_in_attempts: 'at',
  registration_changes: 'at',
  // By the month its versions ended; the open ones sit in `registration_versions_open` (migration 0033), never dropped.
  registration_versions: 'valid_to',
  rule_hits: 'at',
  reconciliation_results: 'run_started_at',
} as const;
export type MonthlyPartitionedTable = keyof typeof monthlyPartitionedTables;

/** How many months after the current one the retention job makes ahead. */
export const monthsMadeAhead = 2;

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));

/** The first instant of the UTC month holding `at`. */
export function monthOf(at: Date): Date {
  return monthStart(at.getUTCFullYear(), at.getUTCMonth());
}

export function nextMonth(month: Date): Date {
  return monthStart(month.getUTCFullYear(), month.getUTCMonth() + 1);
}

export function partitionName(table: MonthlyPartitionedTable, month: Date): string {
  return `${table}_p${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Months (first instants) from `from`'s month to `to`'s, both included. */
export function monthsBetween(from: Date, to: Date): Date[] {
  const months: Date[] = [];
  for (let month = monthOf(from); month <= to; month = nextMonth(month)) months.push(month);
  return months;
}

// Partitions this process knows exist, per database handle: a writer checks here before it asks the database.
const knownByDb = new WeakMap<Db, Set<string>>();
function knownOf(db: Db): Set<string> {
  let known = knownByDb.get(db);
  if (!known) knownByDb.set(db, (known = new Set()));
  return known;
}

/**
 * Makes the partitions of `table` for every month from `from` to `to` that does not exist yet.
 * Safe across the fleet: one transaction-level advisory lock per table, and IF NOT EXISTS.
 */
export async function ensureMonthlyPartitions(db: Db, table: MonthlyPartitionedTable, from: Date, to: Date): Promise<string[]> {
  const known = knownOf(db);
  const missing = monthsBetween(from, to).filter((month) => !known.has(partitionName(table, month)));
  if (missing.length === 0) return [];
  return db
    .transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`monthly-partitions:${table}`}))`);
      const existing = new Set((await existingPartitions(tx, table)).map((row) => row.name));
      const made: string[] = [];
      for (const month of missing) {
        const partition = partitionName(table, month);
        if (!existing.has(partition)) {
          await tx.execute(
            sql`CREATE TABLE IF NOT EXISTS ${sql.identifier(partition)} PARTITION OF ${sql.identifier(table)} FOR VALUES FROM (${sql.raw(`'${month.toISOString()}'`)}) TO (${sql.raw(`'${nextMonth(month).toISOString()}'`)})`,
          );
          made.push(partition);
        }
      }
      // Only after the commit: a rolled-back creation must be tried again.
      return made;
    })
    .then((made) => {
      for (const month of missing) known.add(partitionName(table, month));
      return made;
    });
}

async function existingPartitions(db: Db, table: MonthlyPartitionedTable): Promise<{ name: string }[]> {
  const result = await db.execute<{ name: string }>(
    sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
        WHERE p.relname = ${table} AND p.relnamespace = current_schema()::regnamespace`,
  );
  return result.rows;
}

/** The first instant after a monthly partition's month, from its name; undefined for another partition (`registration_versions_open`). */
export function partitionEnd(name: string): Date | undefined {
  const match = /_p(\d{4})(\d{2})$/.exec(name);
  return match ? nextMonth(monthStart(Number(match[1]), Number(match[2]) - 1)) : undefined;
}

/**
 * Drops the partitions of `table` whose whole month ended before `cutoff` (rows past retention);
 * a month that still holds one row within retention stays. Returns the partitions dropped.
 */
export async function dropMonthlyPartitionsBefore(db: Db, table: MonthlyPartitionedTable, cutoff: Date): Promise<string[]> {
  const dropped: string[] = [];
  for (const { name } of await existingPartitions(db, table)) {
    const end = partitionEnd(name);
    if (!end || end > cutoff) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`monthly-partitions:${table}`}))`);
      await tx.execute(sql`DROP TABLE IF EXISTS ${sql.identifier(name)}`);
    });
    knownOf(db).delete(name);
    dropped.push(name);
  }
  return dropped;
}

/** Forgets what this process knows of a database, for tests that drop partitions behind its back. */
export function forgetKnownPartitions(db: Db): void {
  knownByDb.delete(db);
}
