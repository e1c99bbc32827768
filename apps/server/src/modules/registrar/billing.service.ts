import { billingCsvFileName, type BillingLine, type BillingPeriod } from '@registrar-panel/contract';
import type { Db, WritesAndReads } from '../../db/database';
import { csvRecord } from '../../lib/csv';
import type { CsvFile } from '../../lib/csv-file';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { listBillingEvents, type BillingEventRow } from './billing.repository';
import { brusselsMonthStart, isoInBrussels } from '../../lib/brussels-time';

function presentBillingLine(row: BillingEventRow): BillingLine {
  return {
    eventTimestamp: row.eventAt.toISOString(),
    eventType: row.eventType,
    eventSubtype: row.eventSubtype,
    eventPeriod: row.period,
    subject: row.subject,
    svTRID: row.svTrid,
  };
}

/** The caller's billing lines of one calendar month, Brussels time (the registry's invoicing clock). */
export async function getBillingLines(db: Db, user: SignedInUser, period: BillingPeriod): Promise<BillingLine[]> {
  const rows = await listBillingEvents(
    db,
    user.registrarHandle,
    brusselsMonthStart(period.year, period.month),
    brusselsMonthStart(period.year, period.month + 1),
  );
  return rows.map(presentBillingLine);
}

/** Column order of the billing CSV; documented in the README, do not reorder. */
export const billingCsvHeader = ['Transaction date', 'Transaction type', 'Transaction subtype', 'Period', 'Domain name', 'svTRID'] as const;

/** The same lines as a CSV file, with the file name the web also uses. */
export async function getBillingCsv({ db, reads }: WritesAndReads, user: SignedInUser, period: BillingPeriod): Promise<CsvFile> {
  const lines = await getBillingLines(reads.db, user, period);
  const records = lines.map((line) =>
    csvRecord([isoInBrussels(new Date(line.eventTimestamp)), line.eventType, line.eventSubtype, line.eventPeriod, line.subject, line.svTRID]),
  );
  const fileName = billingCsvFileName(user.registrarHandle, period);
  await recordAudit(db, user, 'download.billing', { fileName, year: period.year, month: period.month, rows: lines.length });
  return { fileName, header: billingCsvHeader, records };
}
