import { registryMessagesQuerySchema, type RegistryMessagesQuery } from '@registrar-panel/contract';
import { paths } from '../../lib/paths';

/** The inbox's filters as the address keeps them (`?kind=…&unread=true&from=…&to=…&domain=…`). */
export type MessageFilter = Pick<RegistryMessagesQuery, 'kind' | 'unread' | 'from' | 'to' | 'domain'>;

const filterNames = ['kind', 'unread', 'from', 'to', 'domain'] as const;

/**
 * The filter and page (`before`, the keyset cursor) of the address, checked with the API's schema;
 * undefined for an address edited into something the API refuses.
 */
export function messagesLocationOf(params: URLSearchParams): { filter: MessageFilter; before: string | undefined } | undefined {
  const raw: Record<string, string> = {};
  for (const name of [...filterNames, 'before'] as const) {
    const value = params.get(name);
    if (value !== null && value !== '') raw[name] = value;
  }
  const parsed = registryMessagesQuerySchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const { before, size: _size, unread, ...filter } = parsed.data;
  // Only "unread only" is a filter the page offers; `unread=false` would hide the unread ones.
  return { filter: unread === 'true' ? { ...filter, unread } : filter, before };
}

/** The inbox showing that filter (from its newest message, or older than `before`). */
export function messagesHref(filter: MessageFilter, before?: string): string {
  const query = new URLSearchParams();
  for (const name of filterNames) {
    const value = filter[name];
    if (value !== undefined && value !== '') query.set(name, value);
  }
  if (before) query.set('before', before);
  const text = query.toString();
  return text ? `${paths.messages}?${text}` : paths.messages;
}
