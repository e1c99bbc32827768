import { fieldMessages, historyQuerySchema, type HistoryFilter, type Message } from '@registrar-panel/contract';
import { paths } from '../../lib/paths';

/** The history's filter and page as the address keeps them (`?user=…&kind=…&from=…&to=…&page=N`). */
export interface HistoryLocation {
  filter: HistoryFilter;
  page: number;
}

const filterNames = ['user', 'kind', 'from', 'to'] as const;

/** The filter of the address, or the messages of what is wrong with it (a link edited by hand). */
export function historyLocationOf(
  params: URLSearchParams,
): { location: HistoryLocation; messages?: undefined } | { location?: undefined; messages: Message[] } {
  const raw: Record<string, string> = {};
  for (const name of [...filterNames, 'page'] as const) {
    const value = params.get(name);
    if (value !== null) raw[name] = value;
  }
  const parsed = historyQuerySchema.safeParse(raw);
  if (!parsed.success) return { messages: fieldMessages(parsed.error) };
  const { page, ...filter } = parsed.data;
  return { location: { filter, page } };
}

/** The history page showing that filter and page, so that a reload or a shared link runs it again. */
export function historyHref(filter: HistoryFilter, page = 1): string {
  const query = new URLSearchParams();
  for (const name of filterNames) {
    const value = filter[name];
    if (value !== undefined && value !== '') query.set(name, value);
  }
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${paths.registrarHistory}?${text}` : paths.registrarHistory;
}
