import { domainReportFileName } from '@registrar-panel/contract';
import type { WritesAndReads } from '../../db/database';
import { notFound } from '../../errors';
import type { CsvFile } from '../../lib/csv-file';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { countDomains, domainReportRecords } from './report.repository';

/** Column order of the domain report; documented in the README, do not reorder. */
export const domainReportHeader = ['Domain name', 'A-label', 'Registrant', 'Created', 'Expiry date'] as const;

/**
 * The list of the caller's domains as a CSV stream. Another registrar's handle answers 404, as any
 * other registrar's identifier does (a user's or an API key's): nothing says whether it exists.
 */
export async function getDomainReport({ db, reads }: WritesAndReads, user: SignedInUser, handle: string): Promise<CsvFile> {
  if (handle !== user.registrarHandle) throw notFound();
  const recordCount = await countDomains(reads, handle);
  const fileName = domainReportFileName(handle, new Date());
  // In the registrar's history, before the file is written: a download that fails half way was still asked for.
  await recordAudit(db, user, 'download.domainReport', { fileName, rows: recordCount });
  // Counted before the file streams (the rows at the time of counting), for the download's progress bar.
  return { fileName, recordCount, header: domainReportHeader, records: domainReportRecords(reads, handle) };
}
