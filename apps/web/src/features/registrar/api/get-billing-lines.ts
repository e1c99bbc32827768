import type { BillingLine, BillingPeriod } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { registrarKeys } from './query-keys';

export async function getBillingLines(period: BillingPeriod): Promise<BillingLine[]> {
  return (await callApi('getBillingLines', { query: period })).results;
}

export const billingLinesQueryOptions = (period: BillingPeriod) =>
  queryOptions({ queryKey: registrarKeys.billingLines(period.year, period.month), queryFn: () => getBillingLines(period), staleTime: 0 });

/** The lines of the submitted period; nothing is asked before the first Submit. */
export function useBillingLines(period: BillingPeriod | null) {
  return useQuery({ ...billingLinesQueryOptions(period ?? { year: 0, month: 0 }), enabled: period !== null });
}
