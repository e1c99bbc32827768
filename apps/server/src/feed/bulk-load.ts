import type { PoolClient } from 'pg';
import { applyBatch } from './apply';
import { SnapshotContents, type ListedChange } from './bulk-checks';
import { ChunkedCopy } from './bulk-copy';
import { addBillingEvent, addContact, addDomain, addTransfer } from './bulk-rows';
import type { Reject } from './check';
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
    const refuse = (reason: string): Reject => ({ line: item.line, seq: 'error' in item ? item.seq : item.change.seq, reason });
    if ('error' in item) return refuse(item.error);
    const { change } = item;
    if (change.seq <= this.lastSeq) return refuse(`out of order: sequence ${change.seq} after ${this.lastSeq}`);
    this.lastSeq = change.seq;
    if (change.type === 'snapshot') return change.op === 'end' ? 'end' : refuse('a snapshot cannot begin inside another');
    if (change.op === 'delete') return refuse('a snapshot lists what exists; it deletes nothing');
    const problem = this.contents.problemWith(change);
    if (problem) return refuse(problem);
    await this.store(item.line, change);
    this.contents.remember(change);
    this.applied++;
    await this.copy.lineTaken();
    return undefined;
  }

  private async store(line: number, change: ListedChange): Promise<void> {
    switch (change.type) {
      case 'registrar':
      case 'protectedTransactions':
        // Few lines, written as a change set writes them. The connection may be in the middle of a
        // COPY: one statement at a time on it.
        await this.copy.idle();
        await applyBatch(this.client, [{ line, change }]);
        return;
      case 'contact':
        return addContact(this.copy.chunks, change.data);
      case 'domain':
        return addDomain(this.copy.chunks, change.data);
      case 'transfer':
        return addTransfer(this.copy.chunks, change.data);
      case 'billingEvent':
        return addBillingEvent(this.copy.chunks, change.data);
    }
  }

  /** Lets the COPY under way end (its failure no longer matters: the caller rolls back) before the outcome goes up. */
  private async stopEarly(outcome: LoadOutcome): Promise<LoadOutcome> {
    await this.copy.idle().catch(() => undefined);
    return outcome;
  }
}
