import { forecastFileName } from '@registrar-panel/contract';
import type { DownloadState } from '../../../lib/download';

/** The renewal forecast (registrations expiring per month, the next 12 months) as the server writes it in CSV. */
export function downloadForecastCsv(download: DownloadState, handle: string, fallbackError: string): Promise<boolean> {
  return download.start('exportRenewalForecast', { fileName: forecastFileName(handle, new Date()), fallbackError });
}
