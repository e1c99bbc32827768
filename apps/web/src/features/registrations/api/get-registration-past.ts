import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { portfolioChangesFileName, portfolioOnDateFileName, type RegistrationHistoryChangeKind } from '@registrar-panel/contract';
import { callApi } from '../../../lib/api-client';
import type { DownloadState } from '../../../lib/download';
import type { SearchFilters } from '../search-location';
import { registrationKeys } from './query-keys';

/** What the portfolio on a date is asked: the moment, a name pattern ('*': every name) and the search's filters set. */
export interface PortfolioOnDateQuestion {
  at: string;
  term: string;
  filters: SearchFilters;
}

/** The API's query for a question: the name only when one is given. */
const portfolioQuery = ({ at, term, filters }: PortfolioOnDateQuestion) => ({ at, ...(term && term !== '*' ? { ulabel: term } : {}), ...filters });

/** The registrar's portfolio at a moment (a day: its end in Brussels), a page at a time (zero-based). */
export function usePortfolioOnDate(question: PortfolioOnDateQuestion | null, page: number) {
  return useQuery({
    queryKey: registrationKeys.portfolioOnDate(question ? JSON.stringify(portfolioQuery(question)) : '', page),
    queryFn: () => callApi('getPortfolioOnDate', { query: { ...portfolioQuery(question!), page } }),
    enabled: question !== null,
    placeholderData: keepPreviousData,
  });
}

/** How many registrations the portfolio at a moment holds, as asked: a request of its own, asked once while its pages are turned. */
export function usePortfolioOnDateCount(question: PortfolioOnDateQuestion | null) {
  return useQuery({
    queryKey: registrationKeys.portfolioOnDateCount(question ? JSON.stringify(portfolioQuery(question)) : ''),
    queryFn: () => callApi('getPortfolioOnDateCount', { query: portfolioQuery(question!) }),
    enabled: question !== null,
  });
}

/** What changed between two moments: a page of one kind. */
export function usePortfolioChanges(range: { from: string; to: string } | null, kind: RegistrationHistoryChangeKind, page: number) {
  return useQuery({
    queryKey: registrationKeys.portfolioChanges(range?.from ?? '', range?.to ?? '', kind, page),
    queryFn: () => callApi('getPortfolioChanges', { query: { from: range?.from ?? '', to: range?.to ?? '', kind, page } }),
    enabled: range !== null,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[4] === kind ? keepPreviousData(previous) : undefined),
  });
}

/**
 * How many registrations of each kind changed between two moments: a request of its own, slower than
 * a page for a wide range, asked once per range while its pages are turned.
 */
export function usePortfolioChangeCounts(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: registrationKeys.portfolioChangeCounts(range?.from ?? '', range?.to ?? ''),
    queryFn: () => callApi('getPortfolioChangeCounts', { query: { from: range?.from ?? '', to: range?.to ?? '' } }),
    enabled: range !== null,
  });
}

export function exportPortfolioOnDateCsv(download: DownloadState, question: PortfolioOnDateQuestion, handle: string, fallbackError: string): Promise<boolean> {
  return download.start('exportPortfolioOnDate', { query: portfolioQuery(question), fileName: portfolioOnDateFileName(handle, new Date()), fallbackError });
}

export function exportPortfolioChangesCsv(
  download: DownloadState,
  range: { from: string; to: string },
  handle: string,
  fallbackError: string,
): Promise<boolean> {
  return download.start('exportPortfolioChanges', { query: range, fileName: portfolioChangesFileName(handle, new Date()), fallbackError });
}
