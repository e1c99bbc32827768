import type { PoolClient } from 'pg';
import { applyBatch, type ApplySummary, type RetainedSince } from './apply';
import { captureBefore, captureUnlisted, recordChanges } from './change-record';
import { checkBatch, type AcceptedChange, type Reject } from './check';
import { evaluateRules } from './rule-evaluation';
import { preparePartitions, retainedSince, type EppEventRules } from './epp-connections';
import { recordPosition } from './position';
import { messagesRetainedSince, prepareMessagePartitions, type MessageRules } from './registry-messages';
import { deleteUnlisted, recordListedKeys } from './snapshot-keys.repository';

/*
 * One batch, one transaction: its relations checked, its changes applied, the snapshot's keys
 * recorded, the registrations it changed written to the change record (change-record.ts) and the
 * position moved to its last line, so that a crash leaves either all of it or
 * none of it and the next run resumes right after the last batch that committed.
 */

export interface PendingBatch {
  changes: AcceptedChange[];
  /** Lines refused before the check (unreadable, out of order): reported with the batch, once it commits. */
  refused: Reject[];
  /** The position the commit records: the batch's last line, applied or refused. */
  lastSeq: number;
  /** An open snapshot lists what the batch upserts, for the sweep at its end. */
  listsSnapshotKeys: boolean;
  /** The snapshot's end: what it did not list is deleted in this batch. */
  sweeps: boolean;
}

export interface BatchRules {
  tld: string;
  /** Stop at the first bad line, with nothing of its batch applied. */
  strict: boolean;
  /** Registrar handles the database holds; learns those the batch creates. */
  registrars: Set<string>;
  eppEvents: EppEventRules;
  messages: MessageRules;
  changeRecord: ChangeRecordRules;
}

/** The change record's month (and its rule hits' and events') is made before the batch's transaction (creating a partition locks the table). */
export interface ChangeRecordRules {
  ensurePartition: (at: Date) => Promise<void>;
}

export type BatchOutcome =
  | { kind: 'committed'; applied: number; rejects: Reject[]; keptPortalChanges: ApplySummary['keptPortalChanges'] }
  /** Strict mode met a bad line: the batch was rolled back. */
  | { kind: 'stopped'; reject: Reject };

interface Applied {
  applied: AcceptedChange[];
  rejects: Reject[];
  keptPortalChanges: ApplySummary['keptPortalChanges'];
}

export async function commitBatch(client: PoolClient, batch: PendingBatch, rules: BatchRules): Promise<BatchOutcome> {
  await preparePartitions(batch.changes, rules.eppEvents);
  await prepareMessagePartitions(batch.changes, rules.messages);
  const since: RetainedSince = { eppEvents: retainedSince(rules.eppEvents), messages: messagesRetainedSince(rules.messages) };
  const at = new Date();
  await rules.changeRecord.ensurePartition(at);
  await client.query('BEGIN');
  try {
    const checked = await checkBatch(client, batch.changes, rules.registrars, rules.tld, rules.eppEvents.now());
    if (rules.strict && checked.rejects.length > 0) {
      await client.query('ROLLBACK');
      return { kind: 'stopped', reject: checked.rejects[0]! };
    }
    await captureBefore(client, checked.accepted);
    const result = await applyWithFallback(client, checked.accepted, rules.strict, since);
    if (batch.listsSnapshotKeys) await recordListedKeys(client, result.applied);
    if (batch.sweeps) {
      await captureUnlisted(client);
      await deleteUnlisted(client);
    }
    await recordChanges(client, batch.lastSeq, at);
    await evaluateRules(client, batch.lastSeq, at);
    await recordPosition(client, batch.lastSeq);
    await client.query('COMMIT');
    const rejects = [...batch.refused, ...checked.rejects, ...result.rejects].sort((a, b) => a.line - b.line);
    return { kind: 'committed', applied: result.applied.length, rejects, keptPortalChanges: result.keptPortalChanges };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Applies the checked changes in one go. When the database refuses something the checks did not
 * foresee (a constraint, a value out of range), the batch is applied again line by line, so only
 * the lines the database refuses are left out; a strict run fails instead.
 */
async function applyWithFallback(client: PoolClient, accepted: AcceptedChange[], strict: boolean, since: RetainedSince): Promise<Applied> {
  await client.query('SAVEPOINT batch');
  try {
    const { keptPortalChanges } = await applyBatch(client, accepted, since);
    return { applied: accepted, rejects: [], keptPortalChanges };
  } catch (error) {
    if (strict) throw error;
    await client.query('ROLLBACK TO SAVEPOINT batch');
    return applyLineByLine(client, accepted, since);
  }
}

async function applyLineByLine(client: PoolClient, accepted: AcceptedChange[], since: RetainedSince): Promise<Applied> {
  const result: Applied = { applied: [], rejects: [], keptPortalChanges: [] };
  for (const item of accepted) {
    await client.query('SAVEPOINT line');
    try {
      const { keptPortalChanges } = await applyBatch(client, [item], since);
      result.keptPortalChanges.push(...keptPortalChanges);
      result.applied.push(item);
    } catch (lineError) {
      await client.query('ROLLBACK TO SAVEPOINT line');
      result.rejects.push({ line: item.line, seq: item.change.seq, reason: lineError instanceof Error ? lineError.message : String(lineError) });
    }
  }
  return result;
}
