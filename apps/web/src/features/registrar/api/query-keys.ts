import type { HistoryFilter } from '@registrar-panel/contract';

/** Query keys of the registrar section; saves update the registrar through the same key. */
export const registrarKeys = {
  registrar: ['registrar'] as const,
  billingLines: (year: number, month: number) => ['registrar', 'billingLines', year, month] as const,
  history: (filter: HistoryFilter, page: number) => ['registrar', 'history', filter, page] as const,
};
