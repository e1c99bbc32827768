import { domainReportFileName } from '@registrar-panel/contract';
import type { DownloadState } from '../../../lib/download';

/** Saves `domain_names_{handle}_{YYYYMMDD-HHmmss}.csv`, stamped with the time (Brussels) the download started. */
export function downloadDomainReport(download: DownloadState, handle: string, fallbackError: string): Promise<boolean> {
  return download.start('downloadDomainReport', { params: { handle }, fileName: domainReportFileName(handle, new Date()), fallbackError });
}
