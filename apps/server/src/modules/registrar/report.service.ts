import { domainReportFileName } from '@registrar-panel/contract';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/database';
import { forbidden } from '../../errors';
import { csvStream } from '../../lib/csv';
import { authorize, type SignedInUser } from '../../plugins/auth';
import { countDomains, domainBatches } from './report.repository';

/** Column order of the domain report; documented in the README, do not reorder. */
export const domainReportHeader = ['Domain name', 'A-label', 'Registrant', 'Created', 'Expiry date'] as const;

/** Rows per database round trip: measured as the best trade between memory and speed (bench:report). */
const batchSize = 1000;

export interface DomainReport {
  fileName: string;
  /** Rows the file will hold (at the time of counting), for the download's progress bar. */
  recordCount: number;
  body: Readable;
}

/** The list of the caller's domains as a CSV stream; another registrar's handle is refused. */
export async function getDomainReport(database: Database, user: SignedInUser, handle: string): Promise<DomainReport> {
  authorize(user, 'downloadDomainReport');
  if (handle !== user.registrarHandle) throw forbidden();
  const recordCount = await countDomains(database, handle);
  return { fileName: domainReportFileName(handle, new Date()), recordCount, body: csvStream(domainReportHeader, domainBatches(database, handle, batchSize)) };
}
