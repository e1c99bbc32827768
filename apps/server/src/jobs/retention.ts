import type { RetentionPolicy } from '../config';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/database';
import { queueNames } from '../db/job-queue-schema';
import { copyVerified } from '../db/partition-copy';
import {
  dropMonthlyPartitionsBefore,
  ensureMonthlyPartitions,
  monthsMadeAhead,
  nextMonth,
  monthOf,
  partitionEnd,
  type MonthlyPartitionedTable,
} from '../db/monthly-partitions';

/*
 * Housekeeping: rows that only grow are deleted once they are older than their retention. A daily
 * job of the queue (a pg-boss schedule fires it once across the fleet, at night in Brussels);
 * each table is cleaned in batches of its own transactions, so running instances never wait on it.
 * The mail outbox (the queue's own jobs) is cleaned by pg-boss's maintenance (job-queue.ts).
 */

/** When the job runs: 03:30 in Brussels, when registrars are least likely to be working. */
export const retentionSchedule = { cron: '30 3 * * *', tz: 'Europe/Brussels' } as const;

const batchRows = 5_000;

interface Cleanup {
  table: string;
  /** A DELETE of at most `batchRows` rows, returning how many it deleted. */
  batch: (now: Date) => ReturnType<typeof sql>;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

function cleanups(policy: RetentionPolicy): Cleanup[] {
  const olderThan = (table: string, column: string, days: number, extra = sql``) => ({
    table,
    batch: (now: Date) =>
      sql`DELETE FROM ${sql.identifier(table)} WHERE ctid = ANY (ARRAY(SELECT ctid FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} < ${daysBefore(now, days)} ${extra} LIMIT ${batchRows}))`,
  });
  return [
    olderThan('sign_in_lockouts', 'updated_at', policy.signInDays, sql`AND (locked_until IS NULL OR locked_until < now())`),
    olderThan('demo_mailbox', 'created_at', policy.mailDays),
    // Expired rows of the identity service: sessions, codes and grants past their end, and mailed
    // links past theirs (a day late, so that a link just expired still answers "expired", not "unknown").
    olderThan('oidc_models', 'expires_at', 1),
    olderThan('user_tokens', 'expires_at', 1),
    // A user's previous e-mail address matters for 15 minutes after a change (identity/directory/
    // email-change.ts); kept a day, then gone: it is personal data with no further use.
    olderThan('user_email_changes', 'changed_at', 1),
    // The EPP connections' daily counts last as long as the events they count (their partitions: maintainPartitions).
    olderThan('epp_connection_days', 'day', policy.eppEventsDays),
    // Read marks last as long as the registry's messages they mark (their partitions: maintainPartitions).
    olderThan('registry_message_reads', 'message_at', policy.messagesDays),
    // Reconciliation: the results in a month not yet wholly past (the others: maintainPartitions), then the runs.
    olderThan('reconciliation_results', 'run_started_at', policy.reconciliationDays),
    olderThan('reconciliation_runs', 'started_at', policy.reconciliationDays, sql`AND state IN ('done', 'failed')`),
  ];
}

/** The partitioned tables' retention: a month's partition is dropped once all of it is older. */
const partitionedRetention = (policy: RetentionPolicy): Record<MonthlyPartitionedTable, number> => ({
  epp_connection_events: policy.eppEventsDays,
  events: policy.eventsDays,
  webhook_attempts: policy.webhookAttemptsDays,
  registry_messages: policy.messagesDays,
  personal_data_reads: policy.personalDataDays,
  // Partitioned by migration 0025 (deleted row by row before it).
  audit_events: policy.auditDays,
  sign_in_attempts: policy.signInDays,
  registration_changes: policy.registrationChangesDays,
  // By the month versions ended (migration 0033): the open ones sit in a partition no month names.
  registration_versions: policy.registrationHistoryDays,
  rule_hits: policy.ruleHitsDays,
  reconciliation_results: policy.reconciliationDays,
});

/**
 * Makes the coming months' partitions of every partitioned table and drops those wholly past
 * retention; returns the partitions dropped per table.
 */
export async function maintainPartitions(db: Db, policy: RetentionPolicy, now = new Date()): Promise<Record<string, string[]>> {
  const dropped: Record<string, string[]> = {};
  let ahead = monthOf(now);
  for (let i = 0; i < monthsMadeAhead; i++) ahead = nextMonth(ahead);
  for (const [table, days] of Object.entries(partitionedRetention(policy)) as [MonthlyPartitionedTable, number][]) {
    await ensureMonthlyPartitions(db, table, now, ahead);
    // Until its old rows are copied and verified, a table's months stay: the comparison needs them.
    dropped[table] = (await copyVerified(db, table)) ? await dropMonthlyPartitionsBefore(db, table, daysBefore(now, days)) : [];
  }
  await moveHistoryStart(db, dropped.registration_versions ?? []);
  return dropped;
}

/**
 * Once a month of versions is dropped, instants before its end may miss the versions that ended in it:
 * the registrations' past is known from then on, and earlier dates are refused with that instant.
 */
async function moveHistoryStart(db: Db, droppedVersions: string[]): Promise<void> {
  const ends = droppedVersions.map(partitionEnd).filter((end): end is Date => end !== undefined);
  if (ends.length === 0) return;
  const latest = new Date(Math.max(...ends.map((end) => end.getTime())));
  await db.execute(sql`UPDATE registration_history_start SET known_from = greatest(known_from, ${latest})`);
}

/** Deletes what is past its retention, batch by batch; returns the rows deleted per table. */
export async function applyRetention(db: Db, policy: RetentionPolicy, now = new Date()): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const cleanup of cleanups(policy)) {
    let total = 0;
    for (;;) {
      const result = await db.execute(cleanup.batch(now));
      total += result.rowCount ?? 0;
      if ((result.rowCount ?? 0) < batchRows) break;
    }
    deleted[cleanup.table] = total;
  }
  return deleted;
}

/** Schedules the daily job and works it on this instance (pg-boss gives each run to one instance). */
export async function startRetention(options: { boss: PgBoss; db: Db; policy: RetentionPolicy; log: FastifyBaseLogger }) {
  const { boss, log } = options;
  // A new installation writes events before the first night: the coming months are made at start too.
  await maintainPartitions(options.db, options.policy).catch((error: unknown) => log.error({ err: error }, 'retention: partitions not made at start'));
  await boss.schedule(queueNames.retention, retentionSchedule.cron, {}, { tz: retentionSchedule.tz });
  await boss.work(queueNames.retention, async () => {
    const deleted = await applyRetention(options.db, options.policy);
    const partitionsDropped = await maintainPartitions(options.db, options.policy);
    log.info({ deleted, partitionsDropped }, 'retention: old rows deleted');
  });
}
