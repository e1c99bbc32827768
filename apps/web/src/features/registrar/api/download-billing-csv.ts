import { billingCsvFileName, type BillingPeriod } from '@registrar-panel/contract';
import type { DownloadState } from '../../../lib/download';

/** Saves the period's lines as `{year}{month}-{handle}-billingLines.csv` (month zero-padded, docs/decisions.md). */
export function downloadBillingCsv(download: DownloadState, handle: string, period: BillingPeriod, fallbackError: string): Promise<boolean> {
  return download.start('exportBillingLines', { query: period, fileName: billingCsvFileName(handle, period), fallbackError });
}
