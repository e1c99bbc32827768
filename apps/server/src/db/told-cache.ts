import type { ChangeNotices } from './change-notices';

/*
 * Rows kept in memory while PostgreSQL tells this instance of their changes (change-notices.ts):
 * an entry goes when its key is told, every entry goes when the listener is lost or starts, and
 * nothing is kept while it does not listen.
 */

/** More entries than any registry needs (registrars, open sessions): past it they start again from none. */
const maxEntries = 100_000;

export interface ToldCache<V> {
  /**
   * The value from memory, else `read` from the database, kept when the listener listened
   * throughout the read, no notification overtook it, and `keep` allows it.
   */
  get(key: string, read: () => Promise<V | undefined>, keep?: (value: V) => boolean): Promise<V | undefined>;
  /** What this instance itself just wrote (its own notification still on its way); kept only while listening. */
  set(key: string, value: V): void;
}

export function toldCache<V>(notices: ChangeNotices, channel: Parameters<ChangeNotices['watch']>[0]): ToldCache<V> {
  const entries = new Map<string, V>();
  notices.watch(channel, (key) => (key === '*' ? entries.clear() : entries.delete(key)));
  notices.onForget(() => entries.clear());
  const store = (key: string, value: V) => {
    if (entries.size >= maxEntries) entries.clear();
    entries.set(key, value);
  };
  return {
    async get(key, read, keep = () => true) {
      if (notices.listening) {
        const known = entries.get(key);
        if (known !== undefined) return known;
      }
      const readUnder = notices.epoch;
      const wasListening = notices.listening;
      const value = await read();
      if (value !== undefined && wasListening && notices.listening && readUnder === notices.epoch && keep(value)) store(key, value);
      return value;
    },
    set(key, value) {
      if (notices.listening && entries.has(key)) store(key, value);
    },
  };
}
