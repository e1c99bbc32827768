import { domainReportFileName } from '@registrar-panel/contract';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/database';
import { forbidden } from '../../errors';
import { csvStream, type CsvCell } from '../../lib/csv';
import { authorize, type SignedInUser } from '../../plugins/auth';
import { countDomains, domainBatches, type DomainReportRow } from './report.repository';

/** Column order of the domain report; documented in the README, do not reorder. */
export const domainReportHeader = ['Domain name', 'A-label', 'Registrant', 'Created', 'Expiry date'] as const;

const batchSize = 5000;

function reportRow(row: DomainReportRow): CsvCell[] {
  return [row.u_label, row.a_label, row.registrant_handle, row.created, row.expires];
}

async function* reportRows(database: Database, handle: string) {
  for await (const batch of domainBatches(database, handle, batchSize)) yield batch.map(reportRow);
}

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
  return { fileName: domainReportFileName(handle, new Date()), recordCount, body: csvStream(domainReportHeader, reportRows(database, handle)) };
}
