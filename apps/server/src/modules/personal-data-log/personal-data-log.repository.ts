import type { Db } from '../../db/database';
import { ensureMonthlyPartitions } from '../../db/monthly-partitions';
import { personalDataReads } from '../../db/schema';
import type { PersonalDataRead } from '../../plugins/api-routes';

/**
 * Writes reads of the personal-data log in one INSERT, after making the months they fall in (known
 * to this process after the first time, so no query then). Never an event or a webhook: this table
 * is the log's only home.
 */
export async function insertPersonalDataReads(db: Db, reads: readonly PersonalDataRead[]): Promise<void> {
  if (reads.length === 0) return;
  const times = reads.map((read) => read.at.getTime());
  await ensureMonthlyPartitions(db, 'personal_data_reads', new Date(Math.min(...times)), new Date(Math.max(...times)));
  await db.insert(personalDataReads).values(
    reads.map((read) => ({
      at: read.at,
      registrarHandle: read.registrarHandle,
      username: read.username,
      ip: read.ip,
      operation: read.operation,
      params: read.params,
      rows: read.rows,
      handles: read.handles === undefined ? null : [...read.handles],
    })),
  );
}
