import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { portfolioChangesFileName, portfolioOnDateFileName, type RegistrationHistoryChangeKind } from '@registrar-panel/contract';
import { callApi } from '../../../lib/api-client';
import type { DownloadState } from '../../../lib/download';
import { registrationKeys } from './query-keys';

/** The registrar's portfolio at a moment (a day: its end in Brussels), a page at a time (zero-based). */
export function usePortfolioOnDate(at: string | null, page: number) {
  return useQuery({
    queryKey: registrationKeys.portfolioOnDate(at ?? '', page),
    queryFn: () => callApi('getPortfolioOnDate', { query: { at: at ?? '', page } }),
    enabled: at !== null,
    placeholderData: keepPreviousData,
  });
}

/** What changed between two moments: the counts per kind and a page of one kind. */
export function usePortfolioChanges(range: { from: string; to: string } | null, kind: RegistrationHistoryChangeKind, page: number) {
  return useQuery({
    queryKey: registrationKeys.portfolioChanges(range?.from ?? '', range?.to ?? '', kind, page),
    queryFn: () => callApi('getPortfolioChanges', { query: { from: range?.from ?? '', to: range?.to ?? '', kind, page } }),
    enabled: range !== null,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[4] === kind ? keepPreviousData(previous) : undefined),
  });
}

export function exportPortfolioOnDateCsv(download: DownloadState, at: string, handle: string, fallbackError: string): Promise<boolean> {
  return download.start('exportPortfolioOnDate', { query: { at }, fileName: portfolioOnDateFileName(handle, new Date()), fallbackError });
}

export function exportPortfolioChangesCsv(
  download: DownloadState,
  range: { from: string; to: string },
  handle: string,
  fallbackError: string,
): Promise<boolean> {
  return download.start('exportPortfolioChanges', { query: range, fileName: portfolioChangesFileName(handle, new Date()), fallbackError });
}
