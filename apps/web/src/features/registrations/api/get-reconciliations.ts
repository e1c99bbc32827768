import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reconciliationLimits, reconciliationMaxBytesProperty, type ReconciliationKind } from '@registrar-panel/contract';
import { callApi } from '../../../lib/api-client';
import { registrationKeys } from './query-keys';

/** The registrar's runs of the last 30 days; asked again every second while one is running, for its phase. */
export function useReconciliations(enabled = true) {
  return useQuery({
    queryKey: registrationKeys.reconciliations,
    queryFn: () => callApi('listReconciliations'),
    enabled,
    refetchInterval: (query) => (query.state.data?.runs.some((run) => run.state === 'receiving' || run.state === 'comparing') ? 1000 : false),
  });
}

export function useReconciliation(runId: string) {
  return useQuery({ queryKey: registrationKeys.reconciliation(runId), queryFn: () => callApi('getReconciliation', { params: { runId }, quiet: true }) });
}

/** One kind of result, a page at a time (zero-based). */
export function useReconciliationResults(runId: string, kind: ReconciliationKind, page: number) {
  return useQuery({
    queryKey: registrationKeys.reconciliationResults(runId, kind, page),
    queryFn: () => callApi('getReconciliationResults', { params: { runId }, query: { kind, page } }),
    // The previous page stays while the next loads, but never another kind's rows under this kind's columns.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === kind ? keepPreviousData(previous) : undefined),
  });
}

/** The largest upload the server takes, in bytes (its `/services/config`, loaded once per app, as the header's TLD is). */
export function useReconciliationMaxBytes(): number {
  const properties = useQuery({ queryKey: ['server-properties'], queryFn: () => callApi('getServerProperties'), staleTime: Infinity });
  const value = Number(properties.data?.properties[reconciliationMaxBytesProperty]);
  return Number.isFinite(value) && value > 0 ? value : reconciliationLimits.defaultMaxBytes;
}
