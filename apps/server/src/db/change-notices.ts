import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './database';

/*
 * What PostgreSQL tells this instance of the rows other instances (or the feed) change, so that the
 * API may keep them in memory (issue 36: one statement per signed-in read) without giving up the
 * rule that such a change takes effect at the next request on every instance.
 *
 * Triggers (migrations 0030 and 0032) `pg_notify` a channel with the row's key at the change's
 * commit; one session connection per instance LISTENs to every channel. Memory is kept only while it
 * listens (`told-cache.ts`): when it is lost (a restart, a failover, `pg_terminate_backend`) every
 * cache forgets everything at once and reads per request until it listens again. The window left is
 * the notification's own trip after the commit. docs/decisions.md, "Registrar statuses cached, told
 * by LISTEN/NOTIFY".
 */

/** The channels the triggers notify; a payload of `*` means every key (a TRUNCATE). */
export const changeChannels = { registrarStatus: 'registrar_status', accountSession: 'account_session' } as const;
type Channel = (typeof changeChannels)[keyof typeof changeChannels];

/** A payload this module sends itself (`caughtUp`): no key the triggers send starts with it. */
const markerPrefix = '~';

export interface ChangeNotices {
  /** Whether the listener listens: caches keep entries only then. */
  readonly listening: boolean;
  /** Bumped by every notification and every loss: a read begun under another epoch is not kept. */
  readonly epoch: number;
  /** Calls `onKey` with each key told on `channel` (`*`: every key). */
  watch(channel: Channel, onKey: (key: string) => void): void;
  /** Calls `onForget` whenever everything must be forgotten: the listener lost, or (re)started. */
  onForget(onForget: () => void): void;
  /**
   * Resolves once this instance has been told of every change committed before the call: it
   * notifies a marker of its own and waits for it, since PostgreSQL delivers notifications in
   * commit order. For what must see a change at its next request in this very process (tests).
   */
  caughtUp(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface ChangeNoticesOptions {
  /** The server past any pooler (LISTEN needs a session of its own); without it nothing is kept. */
  sessionUrl: string | undefined;
  /** Told when the listener is lost or cannot connect (never with the URL, which may hold a password). */
  onListenerLost?: (reason: string) => void;
  /** The first wait before listening again, doubled up to `retryMaxMs`. */
  retryMs?: number;
  retryMaxMs?: number;
}

export function openChangeNotices(db: Db, options: ChangeNoticesOptions): ChangeNotices {
  const watchers = new Map<string, ((key: string) => void)[]>();
  const forgetters: (() => void)[] = [];
  // The markers `caughtUp` waits for, by payload.
  const awaited = new Map<string, () => void>();
  let epoch = 0;
  let listener: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  const firstWait = options.retryMs ?? 1_000;
  const retryMaxMs = options.retryMaxMs ?? 30_000;
  let wait = firstWait;

  const forgetAll = () => {
    epoch += 1;
    for (const forget of forgetters) forget();
  };
  const releaseWaiters = () => {
    for (const done of awaited.values()) done();
    awaited.clear();
  };

  const lost = (client: pg.Client, reason: string) => {
    if (listener !== client) return;
    listener = undefined;
    listening = false;
    forgetAll();
    // Nothing is kept now: whoever waits for the listener reads the database from here on.
    releaseWaiters();
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (closed) return;
    options.onListenerLost?.(reason);
    retryTimer = setTimeout(() => void listen(), wait);
    retryTimer.unref();
    wait = Math.min(wait * 2, retryMaxMs);
  };

  const listen = async (): Promise<void> => {
    if (closed || !options.sessionUrl) return;
    const client = new pg.Client({ connectionString: options.sessionUrl });
    listener = client;
    client.on('notification', ({ channel, payload }) => {
      if (payload?.startsWith(markerPrefix)) {
        awaited.get(payload)?.();
        awaited.delete(payload);
        return;
      }
      epoch += 1;
      for (const onKey of watchers.get(channel) ?? []) onKey(payload ?? '*');
    });
    client.on('error', (error) => lost(client, error.message));
    client.on('end', () => lost(client, 'connection ended'));
    try {
      await client.connect();
      for (const channel of Object.values(changeChannels)) await client.query(`LISTEN ${channel}`);
      if (listener !== client || closed) return;
      // Changes made before the LISTEN were never told: nothing read before it is kept.
      forgetAll();
      listening = true;
      wait = firstWait;
    } catch (error) {
      lost(client, error instanceof Error ? error.message : String(error));
    }
  };
  void listen();

  return {
    get listening() {
      return listening;
    },
    get epoch() {
      return epoch;
    },
    watch(channel, onKey) {
      watchers.set(channel, [...(watchers.get(channel) ?? []), onKey]);
    },
    onForget(onForget) {
      forgetters.push(onForget);
    },
    async caughtUp(timeoutMs = 10_000) {
      if (!listening) return;
      const marker = `${markerPrefix}${randomUUID()}`;
      const told = new Promise<void>((resolve) => awaited.set(marker, resolve));
      await db.execute(sql`SELECT pg_notify(${changeChannels.registrarStatus}, ${marker})`);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          // Not told in time: keep nothing that a late notification could have changed.
          forgetAll();
          awaited.delete(marker);
          resolve();
        }, timeoutMs);
      });
      await Promise.race([told, late]);
      clearTimeout(timer);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = listener;
      listener = undefined;
      listening = false;
      forgetAll();
      releaseWaiters();
      await client?.end().catch(() => undefined);
    },
  };
}
