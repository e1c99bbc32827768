import { domainReportFileName } from '@registrar-panel/contract';
import { Readable } from 'node:stream';
import type { Database } from '../../db/database';
import { notFound } from '../../errors';
import { csvRecord } from '../../lib/csv';
import { authorize, type SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { countDomains, domainReportRecords } from './report.repository';

/** Column order of the domain report; documented in the README, do not reorder. */
export const domainReportHeader = ['Domain name', 'A-label', 'Registrant', 'Created', 'Expiry date'] as const;

export interface DomainReport {
  fileName: string;
  /** Rows the file will hold (at the time of counting), for the download's progress bar. */
  recordCount: number;
  body: Readable;
}

async function* withHeader(records: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  yield Buffer.from(csvRecord(domainReportHeader));
  yield* records;
}

/**
 * The list of the caller's domains as a CSV stream. Another registrar's handle answers 404, as any
 * other registrar's identifier does (a user's or an API key's): nothing says whether it exists.
 */
export async function getDomainReport(database: Database, user: SignedInUser, handle: string): Promise<DomainReport> {
  authorize(user, 'downloadDomainReport');
  if (handle !== user.registrarHandle) throw notFound();
  const recordCount = await countDomains(database, handle);
  const fileName = domainReportFileName(handle, new Date());
  // In the registrar's history, before the file is written: a download that fails half way was still asked for.
  await recordAudit(database.db, user, 'download.domainReport', { fileName, rows: recordCount });
  return { fileName, recordCount, body: Readable.from(withHeader(domainReportRecords(database, handle))) };
}
