import { searchExportFileName } from '@registrar-panel/contract';
import type { DownloadState } from '../../../lib/download';
import type { SearchFilters } from '../search-location';

/**
 * Every registration the search and its filters match, not only the page shown, as CSV
 * (`registrations_{handle}_{YYYYMMDD-HHmmss}.csv`): streamed by the server with its record count,
 * so the download shows how far it is.
 */
export function exportSearchCsv(
  download: DownloadState,
  search: { term: string; filters: SearchFilters; handle: string },
  fallbackError: string,
): Promise<boolean> {
  return download.start('exportRegistrations', {
    query: { ulabel: search.term, ...search.filters },
    fileName: searchExportFileName(search.handle, new Date()),
    fallbackError,
  });
}
