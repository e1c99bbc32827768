import type { AcceptedChange, Reject } from './check';
import { notInSnapshot } from './epp-connections';
import { messageNotInSnapshot } from './registry-messages';
import type { ParsedLine } from './format';

/*
 * The run's sequencing rules (docs/registry-feed.md, "Order, idempotency and resuming"), decided
 * for one line from where the run stands, with no database at hand: what was applied before is
 * skipped, what comes out of order is refused, and a refused line is consumed like any other.
 */

/** Where a run stands in the feed's sequence. */
export interface Cursor {
  /** The sequence number the database records as applied: the last committed batch's. */
  position: number;
  /** The highest sequence number consumed so far; the next batch's commit records it. */
  lastSeq: number;
  /** A snapshot applied in batches has begun and its end has not come yet (a crash leaves it open). */
  snapshotOpen: boolean;
}

/** What the run does with one line. */
export type LineStep =
  /** At or before the position: applied, or refused, by an earlier run. */
  | { kind: 'skip' }
  /** Refused before any check. `consumes`: the sequence number the position moves past, if it moves. */
  | { kind: 'refuse'; reject: Reject; consumes: number | null }
  /** A change for the pending batch. */
  | { kind: 'change'; accepted: AcceptedChange }
  | { kind: 'snapshotBegin'; seq: number }
  | { kind: 'snapshotEnd'; seq: number }
  /** An end without its begin: the keys listed are unknown, so sweeping would delete what was listed. */
  | { kind: 'strayEnd'; seq: number; reject: Reject };

export function nextStep(item: ParsedLine, cursor: Cursor): LineStep {
  if ('error' in item) return unreadableStep(item, cursor);
  const { change } = item;
  if (change.seq <= cursor.position) return { kind: 'skip' };
  if (change.seq <= cursor.lastSeq) {
    return {
      kind: 'refuse',
      reject: { line: item.line, seq: change.seq, reason: `out of order: sequence ${change.seq} after ${cursor.lastSeq}` },
      consumes: null,
    };
  }
  if (change.type === 'eppConnection' && cursor.snapshotOpen) {
    return { kind: 'refuse', reject: { line: item.line, seq: change.seq, reason: notInSnapshot }, consumes: change.seq };
  }
  if (change.type === 'message' && cursor.snapshotOpen) {
    return { kind: 'refuse', reject: { line: item.line, seq: change.seq, reason: messageNotInSnapshot }, consumes: change.seq };
  }
  if (change.type !== 'snapshot') return { kind: 'change', accepted: { line: item.line, change } };
  if (change.op === 'begin') return { kind: 'snapshotBegin', seq: change.seq };
  if (cursor.snapshotOpen) return { kind: 'snapshotEnd', seq: change.seq };
  return { kind: 'strayEnd', seq: change.seq, reject: { line: item.line, seq: change.seq, reason: 'a snapshot end without its begin' } };
}

/**
 * A line the format refused. Refused by an earlier run when its sequence number is at or before
 * the position, so a file applied twice reports nothing twice. Otherwise it is consumed when its
 * sequence number is in order (a wrong, too high one shows at once: the lines after it are out of
 * order); without one, the position does not move past it.
 */
function unreadableStep(item: Extract<ParsedLine, { error: string }>, cursor: Cursor): LineStep {
  if (item.seq !== null && item.seq <= cursor.position) return { kind: 'skip' };
  const consumes = item.seq !== null && item.seq > cursor.lastSeq ? item.seq : null;
  return { kind: 'refuse', reject: { line: item.line, seq: item.seq, reason: item.error }, consumes };
}
