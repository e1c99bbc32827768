import { protectedTransactionsWarningShare, type ProtectedTransactions } from '@registrar-panel/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';

/*
 * The registrar's protected transactions and the one rule of where it stands with them, for the
 * Registrar's Transactions tab and the portfolio overview alike (features do not import each
 * other): one call, one cache entry.
 */

export const protectedTransactionsKey = ['protectedTransactions'] as const;

/** Always fresh when a page that shows it opens: the counter moves with every transaction. */
export function useProtectedTransactions(enabled = true) {
  return useQuery({
    queryKey: protectedTransactionsKey,
    queryFn: async (): Promise<ProtectedTransactions> => (await callApi('getProtectedTransactions')).protectedTransactions,
    staleTime: 0,
    enabled,
  });
}

/**
 * - `unlimited`: the threshold is 0, no limit applies;
 * - `ok`: below `protectedTransactionsWarningShare` (80 %) of the threshold;
 * - `warning`: from 80 % of the threshold until it is reached;
 * - `reached`: the threshold is reached, no protected transactions until the reset date (spec section 2).
 */
export type ProtectedTransactionsLevel = 'unlimited' | 'ok' | 'warning' | 'reached';

/** Percent of the threshold used, rounded down (0 when there is no limit). */
export function usedPercent({ transactionsInPeriod, threshold }: Pick<ProtectedTransactions, 'transactionsInPeriod' | 'threshold'>): number {
  return threshold > 0 ? Math.floor((transactionsInPeriod * 100) / threshold) : 0;
}

export function protectedTransactionsLevel(data: ProtectedTransactions): ProtectedTransactionsLevel {
  if (data.threshold <= 0) return 'unlimited';
  if (data.isThresholdReached) return 'reached';
  // In whole percents, so that 28 of 35 is 80 % (0.8 × 35 is 28.000000000000004 in floating point).
  return data.transactionsInPeriod * 100 >= Math.round(protectedTransactionsWarningShare * 100) * data.threshold ? 'warning' : 'ok';
}
