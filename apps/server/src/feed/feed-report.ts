import type { ApplySummary } from './apply';
import type { Reject } from './check';
import type { ParsedLine } from './format';

/** The caller's listeners: progress and the rejects file, told as each line is read or refused. */
export interface FeedListeners {
  onReject?: (reject: Reject) => void;
  /** Called for every line read (progress). */
  onLine?: (line: ParsedLine) => void;
}

/** What a run's summary will say, counted as it goes; lines and rejects also reach the listeners at once. */
export class FeedReport {
  lines = 0;
  applied = 0;
  /** Lines at or before the recorded position: applied by an earlier run. */
  skipped = 0;
  rejected = 0;
  /** 'bulk' when a snapshot went into an empty database with COPY. */
  mode: 'changes' | 'bulk' = 'changes';
  readonly keptPortalChanges: ApplySummary['keptPortalChanges'] = [];

  constructor(private readonly listeners: FeedListeners) {}

  read(line: ParsedLine): void {
    this.lines++;
    this.listeners.onLine?.(line);
  }

  reject(reject: Reject): void {
    this.rejected++;
    this.listeners.onReject?.(reject);
  }

  /** A batch committed: its lines count as applied, and its rejects are reported with their position recorded. */
  committed(batch: { applied: number; rejects: Reject[]; keptPortalChanges: ApplySummary['keptPortalChanges'] }): void {
    this.applied += batch.applied;
    this.keptPortalChanges.push(...batch.keptPortalChanges);
    batch.rejects.forEach((r) => this.reject(r));
  }
}
