import type { PortfolioOverview } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { registrationKeys } from './query-keys';

export async function getPortfolioOverview(): Promise<PortfolioOverview> {
  return (await callApi('getPortfolioOverview')).overview;
}

/** Counted afresh each time the page opens: the counts move with every registration. */
export const portfolioOverviewQueryOptions = () => queryOptions({ queryKey: registrationKeys.overview, queryFn: getPortfolioOverview, staleTime: 0 });

/** Asks nothing when `enabled` is false (a role that may not read registrations). */
export function usePortfolioOverview(enabled = true) {
  return useQuery({ ...portfolioOverviewQueryOptions(), enabled });
}
