import type { PoolClient } from 'pg';
import { takeHistoryBaseline } from './registration-versions';
import { commitBatch, type BatchRules, type ChangeRecordRules } from './batch-commit';
import { applySnapshotInBulk, registryIsEmpty, type BulkStep } from './bulk-snapshot';
import type { AcceptedChange, Reject } from './check';
import type { EppEventRules } from './epp-connections';
import type { MessageRules } from './registry-messages';
import type { FeedReport } from './feed-report';
import type { ParsedLine } from './format';
import { readPosition } from './position';
import { nextStep, type Cursor } from './sequencing';
import { openSnapshot, snapshotIsOpen } from './snapshot-keys.repository';

/*
 * The run itself: lines taken one by one in the order the sequencing rules give, changes gathered
 * into batches that commit with their position, and a snapshot's begin taking the bulk path when
 * the database holds no registry data. A strict run's stop is a value (the bad line) passed back
 * up, never an exception: an exception here means the run failed.
 */

/** What the caller decides about a run. */
export interface RunOptions {
  tld: string;
  strict: boolean;
  batchSize: number;
  /** Long single steps of a bulk snapshot, for the progress display. */
  step: BulkStep;
  eppEvents: EppEventRules;
  messages: MessageRules;
  changeRecord: ChangeRecordRules;
}

/** The options, with the registrar handles the database holds (learning those the feed creates). */
type RunSettings = RunOptions & BatchRules;

/** How a run ended: the recorded position, and the line a strict run stopped at. */
export interface RunEnd {
  position: number;
  stoppedAt?: Reject;
}

/** Set when strict mode stops the run: the line it stopped at. */
type Stop = Reject | undefined;

export async function runFeed(client: PoolClient, source: AsyncIterable<ParsedLine>, options: RunOptions, report: FeedReport): Promise<RunEnd> {
  const position = await readPosition(client);
  // The first run after the registrations' past was deployed starts it (registration-versions.ts).
  await inTransaction(client, async () => void (await takeHistoryBaseline(client, new Date())));
  const { rows } = await client.query<{ handle: string }>('SELECT handle FROM registrars');
  const settings: RunSettings = { ...options, registrars: new Set(rows.map((r) => r.handle)) };
  // A snapshot applied in batches that a crash interrupted is still open: its begin is recorded.
  const cursor: Cursor = { position, lastSeq: position, snapshotOpen: await snapshotIsOpen(client) };
  return new FeedRun(client, source[Symbol.asyncIterator](), settings, report, cursor).toEnd();
}

class FeedRun {
  /** The batch being gathered: its changes, and the lines refused before the check. */
  private changes: AcceptedChange[] = [];
  private refused: Reject[] = [];

  constructor(
    private readonly client: PoolClient,
    /** One iterator for the whole run: the bulk path reads its snapshot's lines from it too. */
    private readonly lines: AsyncIterator<ParsedLine>,
    private readonly settings: RunSettings,
    private readonly report: FeedReport,
    private readonly cursor: Cursor,
  ) {}

  async toEnd(): Promise<RunEnd> {
    for (let next = await this.lines.next(); !next.done; next = await this.lines.next()) {
      this.report.read(next.value);
      const stop = await this.take(next.value);
      if (stop) return this.stopped(stop);
    }
    const stop = await this.commitPending(false);
    return stop ? this.stopped(stop) : { position: this.cursor.position };
  }

  private async take(item: ParsedLine): Promise<Stop> {
    const step = nextStep(item, this.cursor);
    switch (step.kind) {
      case 'skip':
        this.report.skipped++;
        return undefined;
      case 'refuse':
        if (step.consumes !== null) this.cursor.lastSeq = step.consumes;
        return this.refuse(step.reject);
      case 'change':
        return this.gather(step.accepted);
      case 'snapshotBegin':
        return this.beginSnapshot(step.seq);
      case 'snapshotEnd':
        return this.endSnapshot(step.seq);
      case 'strayEnd':
        return this.refuseStrayEnd(step.seq, step.reject);
    }
  }

  /** A refused line is reported when the batch it falls in commits, with the position past it. */
  private refuse(reject: Reject): Stop {
    if (this.settings.strict) return reject;
    this.refused.push(reject);
    return undefined;
  }

  private async gather(accepted: AcceptedChange): Promise<Stop> {
    this.cursor.lastSeq = accepted.change.seq;
    this.changes.push(accepted);
    return this.changes.length >= this.settings.batchSize ? this.commitPending(false) : undefined;
  }

  /** Commits the batch gathered so far: nothing to do when it holds nothing and moves nothing, unless it sweeps. */
  private async commitPending(sweeps: boolean): Promise<Stop> {
    const { cursor } = this;
    if (!sweeps && this.changes.length === 0 && this.refused.length === 0 && cursor.lastSeq === cursor.position) return undefined;
    const batch = { changes: this.changes, refused: this.refused, lastSeq: cursor.lastSeq, listsSnapshotKeys: cursor.snapshotOpen || sweeps, sweeps };
    const outcome = await commitBatch(this.client, batch, this.settings);
    if (outcome.kind === 'stopped') return outcome.reject;
    cursor.position = batch.lastSeq;
    this.report.committed(outcome);
    this.changes = [];
    this.refused = [];
    return undefined;
  }

  /*
   * Every snapshot line first commits the batch before it, so a snapshot's frame never shares a
   * batch with the lines around it.
   */

  private async beginSnapshot(seq: number): Promise<Stop> {
    const stop = await this.commitPending(false);
    if (stop) return stop;
    this.cursor.lastSeq = seq;
    if (await registryIsEmpty(this.client)) return this.loadInBulk(seq);
    await inTransaction(this.client, () => openSnapshot(this.client, seq));
    this.cursor.snapshotOpen = true;
    return undefined;
  }

  /** Into an empty database the whole snapshot is one transaction with COPY (bulk-snapshot.ts). */
  private async loadInBulk(beginSeq: number): Promise<Stop> {
    this.report.mode = 'bulk';
    const { tld, strict, registrars, step } = this.settings;
    const outcome = await applySnapshotInBulk(this.client, this.lines, { tld, strict, registrars, step, beginSeq, report: this.report });
    if (outcome.kind === 'cut') throw new Error('the snapshot ended without its "end" line: nothing of it was applied');
    if (outcome.kind === 'stopped') return outcome.reject;
    this.report.applied += outcome.applied;
    this.cursor.position = this.cursor.lastSeq = outcome.endSeq;
    return undefined;
  }

  /** The end line's own batch deletes what the snapshot did not list. */
  private async endSnapshot(seq: number): Promise<Stop> {
    const stop = await this.commitPending(false);
    if (stop) return stop;
    this.cursor.lastSeq = seq;
    const stopAtEnd = await this.commitPending(true);
    if (stopAtEnd) return stopAtEnd;
    this.cursor.snapshotOpen = false;
    return undefined;
  }

  private async refuseStrayEnd(seq: number, reject: Reject): Promise<Stop> {
    const stop = await this.commitPending(false);
    if (stop) return stop;
    this.cursor.lastSeq = seq;
    return this.refuse(reject);
  }

  /** Strict mode stopped the run: the bad line is reported, and the position is the last batch committed. */
  private stopped(reject: Reject): RunEnd {
    this.report.reject(reject);
    return { position: this.cursor.position, stoppedAt: reject };
  }
}

async function inTransaction(client: PoolClient, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
