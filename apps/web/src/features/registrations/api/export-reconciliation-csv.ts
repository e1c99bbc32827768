import { reconciliationCsvFileName } from '@registrar-panel/contract';
import type { DownloadState } from '../../../lib/download';

/** Every result of a run as CSV (`reconciliation_{handle}_{YYYYMMDD-HHmmss}.csv`), with the download's progress. */
export function exportReconciliationCsv(download: DownloadState, runId: string, handle: string, fallbackError: string): Promise<boolean> {
  return download.start('exportReconciliation', { params: { runId }, fileName: reconciliationCsvFileName(handle, new Date()), fallbackError });
}
