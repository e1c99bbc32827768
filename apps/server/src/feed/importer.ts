import { defaultRetention } from '../config';
import type { Database } from '../db/database';
import { ensureMonthlyPartitions } from '../db/monthly-partitions';
import type { ApplySummary } from './apply';
import type { Reject } from './check';
import { withFeedLock } from './feed-lock';
import { FeedReport, type FeedListeners } from './feed-report';
import { runFeed, type RunOptions } from './feed-run';
import type { ParsedLine } from './format';

/*
 * Applies the registry's feed (docs/registry-feed.md): lines in sequence order, in batches, each
 * batch one transaction that also records the last sequence number it covered, so a crashed run
 * resumes where the last committed batch ended and applying a file twice changes nothing.
 * The parts: the sequencing rules (sequencing.ts), the run that follows them (feed-run.ts), a
 * batch's commit (batch-commit.ts), a snapshot's listed keys (snapshot-keys.repository.ts) and the
 * bulk path for a snapshot into an empty database (bulk-snapshot.ts).
 */

export const defaultBatchSize = 2_000;

export interface FeedOptions extends FeedListeners {
  /** The registry's TLD: every registration is a name directly under it. */
  tld: string;
  /** Stop at the first bad line; its batch is not applied (earlier batches stay). */
  strict?: boolean;
  batchSize?: number;
  /** Long single steps of a bulk snapshot (search names, indexes), for the progress display. */
  step?: <T>(label: string, run: () => Promise<T>) => Promise<T>;
  /** EPP connection events older than this many days are not stored (EPP_EVENTS_RETENTION_DAYS). */
  eppEventsRetentionDays?: number;
  /** The registry's messages older than this many days are not stored (MESSAGES_RETENTION_DAYS). */
  messagesRetentionDays?: number;
  /** The importer's clock, for the events' retention and how far ahead they may be (tests set it). */
  now?: () => Date;
}

export interface FeedSummary {
  lines: number;
  applied: number;
  /** Lines at or before the recorded position: applied by an earlier run. */
  skipped: number;
  rejected: number;
  /** The recorded position at the end. */
  position: number;
  /** 'bulk' when a snapshot went into an empty database with COPY. */
  mode: 'changes' | 'bulk';
  keptPortalChanges: ApplySummary['keptPortalChanges'];
  /** Set when strict mode stopped the run. */
  stoppedAt?: Reject;
  seconds: number;
}

/** Applies the lines of `source` to the database, one feed at a time; throws when the run fails. */
export async function importFeed(database: Database, source: AsyncIterable<ParsedLine>, options: FeedOptions): Promise<FeedSummary> {
  const started = Date.now();
  const report = new FeedReport(options);
  const runOptions: RunOptions = {
    tld: options.tld,
    strict: options.strict ?? false,
    batchSize: options.batchSize ?? defaultBatchSize,
    step: options.step ?? ((_label, run) => run()),
    eppEvents: {
      retentionDays: options.eppEventsRetentionDays ?? defaultRetention.eppEventsDays,
      now: options.now ?? (() => new Date()),
      ensurePartitions: (from, to) => ensureMonthlyPartitions(database.db, 'epp_connection_events', from, to),
    },
    messages: {
      retentionDays: options.messagesRetentionDays ?? defaultRetention.messagesDays,
      now: options.now ?? (() => new Date()),
      // Each message stored is an event of the stream too, written now: both tables' months are made.
      ensurePartitions: async (from, to) => {
        await ensureMonthlyPartitions(database.db, 'registry_messages', from, to);
        await ensureMonthlyPartitions(database.db, 'events', new Date(), new Date());
      },
    },
    changeRecord: {
      ensurePartition: async (at) => {
        // The versions a batch closes go to the month of `at` (registration-versions.ts).
        for (const table of ['registration_changes', 'registration_versions', 'rule_hits', 'events'] as const)
          await ensureMonthlyPartitions(database.db, table, at, at);
      },
    },
  };
  const end = await withFeedLock(database, (client) => runFeed(client, source, runOptions, report));
  const { lines, applied, skipped, rejected, mode, keptPortalChanges } = report;
  const summary: FeedSummary = { lines, applied, skipped, rejected, position: end.position, mode, keptPortalChanges, seconds: 0 };
  if (end.stoppedAt) summary.stoppedAt = end.stoppedAt;
  summary.seconds = (Date.now() - started) / 1000;
  return summary;
}
