import { formatFileTimestamp, historyCsvFileName, type HistoryFilter } from '@registrar-panel/contract';
import type { DownloadState } from '../../../lib/download';
import { historyQueryOf } from './get-history';

/** Saves every entry the filter matches as `{handle}-history-{YYYYMMDD-HHmmss}.csv` (Brussels time). */
export function downloadHistoryCsv(download: DownloadState, handle: string, filter: HistoryFilter, fallbackError: string): Promise<boolean> {
  return download.start('exportHistory', {
    query: historyQueryOf(filter),
    fileName: historyCsvFileName(handle, formatFileTimestamp(new Date())),
    fallbackError,
  });
}
