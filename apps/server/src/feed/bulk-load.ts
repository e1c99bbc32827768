import type { PoolClient } from 'pg';
import { applyBatch } from './apply';
import { SnapshotContents, type ListedChange } from './bulk-checks';
import { ChunkedCopy } from './bulk-copy';
import { addBillingEvent, addContact, addDomain, addTransfer, type CsvChunks } from './bulk-rows';
import type { Reject } from './check';
import { notInSnapshot } from './epp-connections';
import { messageNotInSnapshot } from './registry-messages';
import type { ParsedLine } from './format';

/*
 * The middle phase of a bulk snapshot: its lines read up to the end line, each checked against
 * what the snapshot listed before it and formatted for COPY. Nothing is committed here.
 */

/** Where lines and rejects are reported as they go (progress, the rejects file). */
export interface LineReport {
  read(line: ParsedLine): void;
  reject(reject: Reject): void;
}

export interface LoadContext {
  tld: string;
  strict: boolean;
  /** Registrar handles the database holds; learns the snapshot's. */
  registrars: Set<string>;
  /** The sequence number of the snapshot's `begin` line. */
  beginSeq: number;
  report: LineReport;
}

export type LoadOutcome =
  | { kind: 'loaded'; applied: number; endSeq: number; contents: SnapshotContents }
  /** Strict mode met a bad line. */
  | { kind: 'stopped'; reject: Reject }
  /** The lines ended before the snapshot's end line. */
  | { kind: 'cut' };

/** Reads and loads the lines after a snapshot's `begin`, in the caller's transaction, until its `end`. */
export function loadSnapshotLines(client: PoolClient, lines: AsyncIterator<ParsedLine>, context: LoadContext): Promise<LoadOutcome> {
  return new SnapshotLoader(client, context).load(lines);
}

class SnapshotLoader {
  private applied = 0;
  private lastSeq: number;
  private readonly contents: SnapshotContents;
  private readonly copy: ChunkedCopy;

  constructor(
    private readonly client: PoolClient,
    private readonly context: LoadContext,
  ) {
    this.lastSeq = context.beginSeq;
    this.contents = new SnapshotContents(context.registrars, context.tld);
    this.copy = new ChunkedCopy(client);
  }

  async load(lines: AsyncIterator<ParsedLine>): Promise<LoadOutcome> {
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      this.context.report.read(next.value);
      const taken = await this.take(next.value);
      if (taken === 'end') {
        await this.copy.finish();
        return { kind: 'loaded', applied: this.applied, endSeq: this.lastSeq, contents: this.contents };
      }
      if (taken && this.context.strict) return this.stopEarly({ kind: 'stopped', reject: taken });
      if (taken) this.context.report.reject(taken);
    }
    return this.stopEarly({ kind: 'cut' });
  }

  /** Takes one line: 'end' at the snapshot's end line, the reject when the line is refused. */
  private async take(item: ParsedLine): Promise<'end' | Reject | undefined> {
    if ('error' in item) return rejectOf(item, item.error);
    const { change } = item;
    if (change.seq <= this.lastSeq) return rejectOf(item, `out of order: sequence ${change.seq} after ${this.lastSeq}`);
    this.lastSeq = change.seq;
    if (change.type === 'snapshot') return change.op === 'end' ? 'end' : rejectOf(item, 'a snapshot cannot begin inside another');
    if (change.op === 'delete') return rejectOf(item, 'a snapshot lists what exists; it deletes nothing');
    if (change.type === 'eppConnection') return rejectOf(item, notInSnapshot);
    if (change.type === 'message') return rejectOf(item, messageNotInSnapshot);
    const problem = this.contents.problemWith(change);
    if (problem) return rejectOf(item, problem);
    if (change.type === 'registrar' || change.type === 'protectedTransactions') await this.writeNow(item.line, change);
    else addRow(this.copy.chunks, change);
    this.contents.remember(change);
    this.applied++;
    if (this.copy.lineTaken()) await this.copy.flush();
    return undefined;
  }

  /**
   * Registrars and their counters: few lines, written as a change set writes them, before the
   * rows that refer to them. The connection may be in the middle of a COPY: one statement at a time on it.
   */
  private async writeNow(line: number, change: Extract<ListedChange, { type: 'registrar' | 'protectedTransactions' }>): Promise<void> {
    await this.copy.idle();
    await applyBatch(this.client, [{ line, change }]);
  }

  /** Lets the COPY under way end (its failure no longer matters: the caller rolls back) before the outcome goes up. */
  private async stopEarly(outcome: LoadOutcome): Promise<LoadOutcome> {
    await this.copy.idle().catch(() => undefined);
    return outcome;
  }
}

function rejectOf(item: ParsedLine, reason: string): Reject {
  return { line: item.line, seq: 'error' in item ? item.seq : item.change.seq, reason };
}

/** Formats the line's rows for COPY (the per-line work is synchronous, so the loop stays fast). */
function addRow(chunks: CsvChunks, change: Extract<ListedChange, { type: 'contact' | 'domain' | 'transfer' | 'billingEvent' }>): void {
  switch (change.type) {
    case 'contact':
      return addContact(chunks, change.data);
    case 'domain':
      return addDomain(chunks, change.data);
    case 'transfer':
      return addTransfer(chunks, change.data);
    case 'billingEvent':
      return addBillingEvent(chunks, change.data);
  }
}
