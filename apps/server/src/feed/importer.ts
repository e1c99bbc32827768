import type { Database } from '../db/database';
import { applyBatch, type ApplySummary } from './apply';
import { applySnapshotInBulk, registryIsEmpty, StrictStop } from './bulk-snapshot';
import { checkBatch, type AcceptedChange, type Reject } from './check';
import { keyOf, type ParsedLine } from './format';
import { readPosition, recordPosition } from './position';

/*
 * Applies the registry's feed (docs/registry-feed.md): lines in sequence order, in batches, each
 * batch one transaction that also records the last sequence number it covered, so a crashed run
 * resumes where the last committed batch ended and applying a file twice changes nothing.
 */

/** One feed at a time: a second importer would interleave batches out of sequence. */
const feedLock = 'registrar-panel:feed';
export const defaultBatchSize = 2_000;

export interface FeedOptions {
  /** The registry's TLD: every registration is a name directly under it. */
  tld: string;
  /** Stop at the first bad line; its batch is not applied (earlier batches stay). */
  strict?: boolean;
  batchSize?: number;
  onReject?: (reject: Reject) => void;
  /** Called for every line read (progress). */
  onLine?: (line: ParsedLine) => void;
  /** Long single steps of a bulk snapshot (search names, indexes), for the progress display. */
  step?: <T>(label: string, run: () => Promise<T>) => Promise<T>;
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

/** Entity types a snapshot's end deletes when it did not list them, children before what they hang on. */
const sweptTables = [
  { type: 'transfer', table: 'transfers', key: 'id::text' },
  { type: 'billingEvent', table: 'billing_events', key: 'id::text' },
  { type: 'domain', table: 'domains', key: 'id::text' },
  { type: 'contact', table: 'contacts', key: 'handle' },
] as const;

/** Contacts a listed registration still uses are kept even when the snapshot did not list them. */
const stillUsed = `EXISTS (SELECT 1 FROM domains d WHERE d.registrant_handle = contacts.handle)
                   OR EXISTS (SELECT 1 FROM domain_contacts c WHERE c.contact_handle = contacts.handle)`;

export async function importFeed(database: Database, source: AsyncIterable<ParsedLine>, options: FeedOptions): Promise<FeedSummary> {
  const started = Date.now();
  const batchSize = options.batchSize ?? defaultBatchSize;
  const summary: FeedSummary = { lines: 0, applied: 0, skipped: 0, rejected: 0, position: 0, mode: 'changes', keptPortalChanges: [], seconds: 0 };
  const client = await database.pool.connect();
  const locked = (await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [feedLock])).rows[0]?.locked;
  if (!locked) {
    client.release();
    throw new Error('another feed is being applied to this database: wait for it to finish');
  }
  const reject = (r: Reject) => {
    summary.rejected++;
    options.onReject?.(r);
  };
  try {
    let position = await readPosition(client);
    const registrars = new Set((await client.query<{ handle: string }>('SELECT handle FROM registrars')).rows.map((r) => r.handle));
    let lastSeq = position;
    // A snapshot applied in batches that a crash interrupted is still open: its begin is recorded.
    let inSnapshot = (await client.query(`SELECT 1 FROM feed_snapshot_keys WHERE type = 'snapshot'`)).rows.length > 0;
    let batch: AcceptedChange[] = [];
    /** Rejected lines of the pending batch: reported when it commits, with its position. */
    let batchRejects: Reject[] = [];
    let batchLastSeq = position;

    const refuse = (r: Reject) => {
      if (options.strict) throw new StrictStop(r);
      batchRejects.push(r);
    };

    const commitBatch = async (sweep: boolean) => {
      if (batch.length === 0 && batchRejects.length === 0 && batchLastSeq === position && !sweep) return;
      await client.query('BEGIN');
      try {
        const checked = await checkBatch(client, batch, registrars, options.tld);
        if (options.strict && checked.rejects.length > 0) throw new StrictStop(checked.rejects[0]!);
        await client.query('SAVEPOINT batch');
        let applied = checked.accepted;
        try {
          const result = await applyBatch(client, applied);
          summary.keptPortalChanges.push(...result.keptPortalChanges);
        } catch (error) {
          // Something the checks did not foresee (a constraint, a value out of range): the batch is
          // applied again line by line, so only the lines the database refuses are left out.
          if (options.strict) throw error;
          await client.query('ROLLBACK TO SAVEPOINT batch');
          applied = [];
          for (const item of checked.accepted) {
            await client.query('SAVEPOINT line');
            try {
              const result = await applyBatch(client, [item]);
              summary.keptPortalChanges.push(...result.keptPortalChanges);
              applied.push(item);
            } catch (lineError) {
              await client.query('ROLLBACK TO SAVEPOINT line');
              checked.rejects.push({ line: item.line, seq: item.change.seq, reason: lineError instanceof Error ? lineError.message : String(lineError) });
            }
          }
        }
        if (inSnapshot || sweep) {
          const keys = applied
            .filter((a) => a.change.op === 'upsert')
            .map((a) => ({ type: a.change.type, key: keyOf(a.change as Parameters<typeof keyOf>[0]) }));
          if (keys.length > 0) {
            await client.query(
              `INSERT INTO feed_snapshot_keys (type, key) SELECT type, key FROM json_to_recordset($1::json) AS k(type text, key text) ON CONFLICT DO NOTHING`,
              [JSON.stringify(keys)],
            );
          }
        }
        if (sweep) {
          for (const { type, table, key } of sweptTables) {
            const keep = table === 'contacts' ? ` AND NOT (${stillUsed})` : '';
            await client.query(
              `DELETE FROM ${table} WHERE NOT EXISTS (SELECT 1 FROM feed_snapshot_keys k WHERE k.type = $1 AND k.key = ${table}.${key})${keep}`,
              [type],
            );
          }
          await client.query('DELETE FROM feed_snapshot_keys');
        }
        await recordPosition(client, batchLastSeq);
        await client.query('COMMIT');
        position = batchLastSeq;
        summary.applied += applied.length;
        [...batchRejects, ...checked.rejects].sort((a, b) => a.line - b.line).forEach(reject);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
      batch = [];
      batchRejects = [];
    };

    const iterator = source[Symbol.asyncIterator]();
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      const item = next.value;
      summary.lines++;
      options.onLine?.(item);
      if ('error' in item) {
        // Refused by an earlier run: a file applied twice reports nothing twice. A refused line is
        // consumed like any other when its sequence number is in order (a wrong, too high one shows
        // at once: the lines after it are out of order).
        if (item.seq !== null && item.seq <= position) {
          summary.skipped++;
          continue;
        }
        refuse({ line: item.line, seq: item.seq, reason: item.error });
        if (item.seq !== null && item.seq > lastSeq) lastSeq = batchLastSeq = item.seq;
        continue;
      }
      const { change } = item;
      if (change.seq <= position) {
        summary.skipped++;
        continue;
      }
      if (change.seq <= lastSeq) {
        refuse({ line: item.line, seq: change.seq, reason: `out of order: sequence ${change.seq} after ${lastSeq}` });
        continue;
      }
      if (change.type === 'snapshot') await commitBatch(false);
      lastSeq = change.seq;
      batchLastSeq = change.seq;
      if (change.type === 'snapshot') {
        if (change.op === 'begin') {
          if (await registryIsEmpty(client)) {
            summary.mode = 'bulk';
            const result = await applySnapshotInBulk(client, iterator, {
              tld: options.tld,
              strict: options.strict ?? false,
              registrars,
              beginSeq: change.seq,
              reject,
              consumed: (line) => {
                summary.lines++;
                options.onLine?.(line);
              },
              step: options.step ?? ((_label, run) => run()),
              recordPosition,
            }).catch(async (error: unknown) => {
              await client.query('ROLLBACK').catch(() => undefined);
              throw error;
            });
            summary.applied += result.applied;
            position = result.endSeq;
            lastSeq = result.endSeq;
            batchLastSeq = result.endSeq;
          } else {
            inSnapshot = true;
            await client.query('BEGIN');
            await client.query('DELETE FROM feed_snapshot_keys');
            await client.query(`INSERT INTO feed_snapshot_keys (type, key) VALUES ('snapshot', $1)`, [String(change.seq)]);
            await client.query('COMMIT');
          }
        } else if (!inSnapshot) {
          // Without its begin, the keys listed are unknown: sweeping would delete what was listed.
          refuse({ line: item.line, seq: change.seq, reason: 'a snapshot end without its begin' });
        } else {
          // The end line's own batch deletes what the snapshot did not list.
          await commitBatch(true);
          inSnapshot = false;
        }
        continue;
      }
      batch.push({ line: item.line, change });
      if (batch.length >= batchSize) await commitBatch(false);
    }
    await commitBatch(false);
    summary.position = position;
  } catch (error) {
    if (error instanceof StrictStop) {
      summary.stoppedAt = error.reject;
      summary.rejected++;
      options.onReject?.(error.reject);
      summary.position = await readPosition(client);
    } else {
      throw error;
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [feedLock]).catch(() => undefined);
    client.release();
  }
  summary.seconds = (Date.now() - started) / 1000;
  return summary;
}
