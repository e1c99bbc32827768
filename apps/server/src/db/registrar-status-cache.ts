import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './database';
import { findRegistrarStatus } from './registrar-status';

/*
 * Registrars' statuses kept in memory by each instance, so that a signed-in read sends its own
 * statement only (issue 36), without giving up the rule that a registrar the registry blocks is
 * refused at its users' next request, on every instance of a fleet.
 *
 * Migration 0030's triggers announce each change of a status on the channel `registrar_status` at
 * its commit, whatever made it. One session connection per instance LISTENs there and drops the
 * registrar's entry when told. Entries are kept only while that connection listens: when it is
 * lost (a restart, a failover, a pooler that cannot hold a LISTEN) every entry goes at once and
 * each request reads the status from the database again, as before this cache, until it listens
 * again. A read that a notification overtook is not kept (the epoch below), so an entry never
 * outlives a change it could have missed. The window left is the notification's own trip, after the
 * commit: a request arriving within it may still pass, as a request already past the gate does.
 * docs/decisions.md, "Registrar statuses cached, told by LISTEN/NOTIFY".
 */

/** The channel migration 0030's triggers notify; a payload of `*` drops every entry (a TRUNCATE). */
export const registrarStatusChannel = 'registrar_status';

/** A payload this cache sends itself (`caughtUp`): registrar handles never start with it. */
const markerPrefix = '~';

/** More registrars than any registry has: past it the entries start again from none. */
const maxEntries = 100_000;

export interface RegistrarStatusCache {
  /** The registrar's status: from memory while the listener listens and knows it, else from the database. */
  statusOf(handle: string): Promise<string | undefined>;
  /** Whether entries are kept now (the listener listens). */
  readonly listening: boolean;
  /**
   * Resolves once this instance has been told of every change committed before the call: it
   * notifies a marker of its own and waits for it, since PostgreSQL delivers notifications in commit
   * order. For what must see a change at its next request in this very process (tests, a command).
   */
  caughtUp(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface RegistrarStatusCacheOptions {
  /** The server past any pooler (LISTEN needs a session of its own); without it nothing is kept. */
  sessionUrl: string | undefined;
  /** Told when the listener is lost or cannot connect (never with the URL, which may hold a password). */
  onListenerLost?: (reason: string) => void;
  /** The first wait before listening again, doubled up to `retryMaxMs`. */
  retryMs?: number;
  retryMaxMs?: number;
}

export function registrarStatusCache(db: Db, options: RegistrarStatusCacheOptions): RegistrarStatusCache {
  const entries = new Map<string, string>();
  // Bumped by every notification and every loss: a read that started under another epoch is not kept.
  let epoch = 0;
  let listener: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let wait = options.retryMs ?? 1_000;
  const retryMaxMs = options.retryMaxMs ?? 30_000;
  // The markers `caughtUp` waits for, by payload.
  const awaited = new Map<string, () => void>();

  const forgetAll = () => {
    epoch += 1;
    entries.clear();
  };

  const lost = (client: pg.Client, reason: string) => {
    if (listener !== client) return;
    listener = undefined;
    listening = false;
    forgetAll();
    // Nothing is kept now: whoever waits for the listener reads the database from here on.
    for (const done of awaited.values()) done();
    awaited.clear();
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
    client.on('notification', (message) => {
      if (message.channel !== registrarStatusChannel) return;
      if (message.payload?.startsWith(markerPrefix)) {
        awaited.get(message.payload)?.();
        awaited.delete(message.payload);
        return;
      }
      epoch += 1;
      if (message.payload === '*' || message.payload === undefined) entries.clear();
      else entries.delete(message.payload);
    });
    client.on('error', (error) => lost(client, error.message));
    client.on('end', () => lost(client, 'connection ended'));
    try {
      await client.connect();
      await client.query(`LISTEN ${registrarStatusChannel}`);
      if (listener !== client || closed) return;
      // Changes made before the LISTEN were never told: nothing read before it is kept.
      forgetAll();
      listening = true;
      wait = options.retryMs ?? 1_000;
    } catch (error) {
      lost(client, error instanceof Error ? error.message : String(error));
    }
  };
  void listen();

  return {
    get listening() {
      return listening;
    },
    async statusOf(handle) {
      if (listening) {
        const known = entries.get(handle);
        if (known !== undefined) return known;
      }
      const readUnder = epoch;
      const wasListening = listening;
      const status = await findRegistrarStatus(db, handle);
      // No such registrar is not kept: the services answer 404 for it, and a token names few of those.
      if (status !== undefined && wasListening && listening && readUnder === epoch) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(handle, status);
      }
      return status;
    },
    async caughtUp(timeoutMs = 10_000) {
      if (!listening) return;
      const marker = `${markerPrefix}${randomUUID()}`;
      const told = new Promise<void>((resolve) => awaited.set(marker, resolve));
      await db.execute(sql`SELECT pg_notify(${registrarStatusChannel}, ${marker})`);
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
      for (const done of awaited.values()) done();
      awaited.clear();
      await client?.end().catch(() => undefined);
    },
  };
}
