import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { copiedTables, copyLegacyRows, type CopiedTable } from '../db/partition-copy';

/*
 * The copy of migration 0025's old rows into the partitioned tables (db/partition-copy.ts), run by
 * every instance after start, in the background: instances take batches in turn under the progress
 * row's lock, so the fleet shares the work and none repeats another's. Stopped between batches at
 * shutdown; the next start resumes. A no-op once every table is verified (two small reads).
 */

/** Rows per batch: one short transaction each (about a second at 10,000 rows of the audit trail). */
export const partitionCopyBatchRows = 10_000;

export function startPartitionCopy(options: { db: Db; log: FastifyBaseLogger; batchRows?: number }) {
  let stopping = false;
  const run = (async () => {
    for (const table of Object.keys(copiedTables) as CopiedTable[]) {
      const outcome = await copyLegacyRows(options.db, table, {
        batchRows: options.batchRows ?? partitionCopyBatchRows,
        shouldStop: () => stopping,
        log: (message) => options.log.warn(message),
      });
      if (outcome) options.log.info(outcome, 'partition copy: old rows copied and verified');
    }
  })().catch((error: unknown) => options.log.error({ err: error }, 'partition copy: stopped; it resumes at the next start'));
  return {
    /** Resolves when the copy has stopped (between two batches) or finished. */
    async stop() {
      stopping = true;
      await run;
    },
    done: run,
  };
}
