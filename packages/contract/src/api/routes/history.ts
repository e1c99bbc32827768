import { historyQuerySchema } from '../../history';
import { limits } from '../../limits';
import { historyAnswer } from '../responses/history';
import type { ApiRoute } from '../route';
import { operation } from '../operations';

const historyFilters = {
  user: 'Only this user’s entries: a username with or without `@handle`.',
  kind: 'Only this kind of entry.',
  from: 'From this day on (Brussels, `YYYY-MM-DD`).',
  to: 'Up to and including this day (Brussels, `YYYY-MM-DD`).',
};

export const historyRoutes = [
  {
    ...operation('getHistory'),
    reads: 'replica',
    tag: 'history',
    summary: "Read the registrar's history",
    description: `Every change, sign-in and download of the registrar's accounts, newest first, ${limits.historyPageSize} a page; paging stops after page ${limits.historyMaxPages} (narrow the filters or export as CSV).`,
    access: 'readHistory',
    query: historyQuerySchema,
    fields: { ...historyFilters, page: `The page, from 1 to ${limits.historyMaxPages}.` },
    answer: { kind: 'json', status: 200, data: historyAnswer, description: 'A page of entries.' },
    example: { query: { kind: 'downloads', page: '1' } },
  },
  {
    ...operation('exportHistory'),
    reads: 'replica',
    tag: 'history',
    summary: "Download the registrar's history as CSV",
    description: 'Every entry the filters match, without the paging bound. The download is itself recorded in the history.',
    access: 'readHistory',
    query: historyQuerySchema,
    fields: { ...historyFilters, page: 'Ignored.' },
    answer: { kind: 'csv', description: 'The matching entries.', fileName: '{handle}-history-{YYYYMMDD-HHmmss}.csv', recordCount: false },
    example: { query: { from: '2026-10-01', to: '2026-10-31' } },
  },
] as const satisfies readonly ApiRoute[];
