import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * What one piece of work (an API request) did on the primary: whether it wrote, so that its
 * caller's next lag-tolerant reads wait until a replica has replayed it (db/read-replicas.ts).
 */
export interface DatabaseUse {
  wrote: boolean;
}

/** The use of the request running now; `run` it around a request (plugins/api-routes.ts). */
export const databaseUse = new AsyncLocalStorage<DatabaseUse>();

/** Result commands that change rows. A `WITH … INSERT … SELECT` answers SELECT: none is written on the request path. */
const writeCommands = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

type Callback = (error: Error | null, result?: pg.QueryResult) => void;
type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: Error | boolean) => void) => void;

export interface PoolClientOptions {
  /**
   * Send every statement unnamed (PgBouncer in transaction mode, which 1.18 cannot follow with
   * named statements: the next transaction may run on another server connection, where the name is
   * unknown). Drizzle's `.prepare(name)` then still builds the query once, PostgreSQL plans it each time.
   */
  unnamedStatements: boolean;
}

/**
 * Watches a pool's connections: the work that checked a connection out (its `databaseUse`, read
 * where the checkout is asked for, so in the caller's own async context: pg-pool hands a freed
 * connection over from inside another request's release) is marked as having written when a
 * statement on it answers INSERT, UPDATE, DELETE or MERGE; and with `unnamedStatements`, names are
 * dropped from statements. Both `pool.query` and Drizzle's transactions check out through
 * `pool.connect`, which this wraps.
 */
export function watchPoolClients(pool: pg.Pool, options: PoolClientOptions): void {
  const checkedOutFor = new WeakMap<pg.PoolClient, DatabaseUse | undefined>();

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const mark = (result: pg.QueryResult | undefined) => {
      if (result && writeCommands.has(result.command)) {
        const use = checkedOutFor.get(client);
        if (use) use.wrote = true;
      }
    };
    const replacement = (...args: unknown[]): unknown => {
      const [config] = args;
      // A Submittable (a cursor, COPY) goes as it is: none of those write on the request path.
      if (config && typeof config === 'object' && 'submit' in config) return query(...args);
      if (options.unnamedStatements && config && typeof config === 'object' && 'name' in config) {
        const { name: _name, ...unnamed } = config as { name?: string };
        args[0] = unnamed;
      }
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = ((error, result) => {
          mark(result);
          (callback as Callback)(error, result);
        }) satisfies Callback;
        return query(...args);
      }
      const answer = query(...args) as Promise<pg.QueryResult>;
      return answer.then((result) => {
        mark(result);
        return result;
      });
    };
    client.query = replacement as typeof client.query;
  });

  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const replacement = (callback?: ConnectCallback) => {
    const use = databaseUse.getStore();
    if (callback) {
      return connect((error, client, done) => {
        if (client) checkedOutFor.set(client, use);
        callback(error, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      checkedOutFor.set(client, use);
      return client;
    });
  };
  pool.connect = replacement as typeof pool.connect;
}

/**
 * Keeps a connection the server ends while it is checked out (terminated between two statements: a
 * replica's recovery conflict, a kill, a failover) from ending the process: a pg client's 'error'
 * event with no listener is an unhandled error. The next statement on that connection fails and says
 * why; the pool drops it on release. Idle connections are the pool's own 'error' event, handled by
 * its owner.
 *
 * And takes such a connection back when its holder never gives it back: Drizzle 0.45's transaction
 * sends BEGIN before its try/finally, so a BEGIN on a connection that died while idle in the pool (a
 * failover, a restart) throws without releasing it, and each such failure cost the pool a connection
 * for good (the failover test's teardown found one left, its pool.end() waiting). `graceMs` after the
 * connection ends, a holder that has not released it loses it; its own late release does nothing.
 */
export function survivePoolClientErrors(pool: pg.Pool, options: { graceMs?: number } = {}): void {
  const graceMs = options.graceMs ?? 5_000;
  pool.on('connect', (client) => client.on('error', () => undefined));
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const replacement = (callback?: ConnectCallback) => {
    if (callback) {
      return connect((error, client, done) => {
        if (client) guardRelease(client, graceMs);
        callback(error, client, client ? (release?: Error | boolean) => client.release(release) : done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      guardRelease(client, graceMs);
      return client;
    });
  };
  pool.connect = replacement as typeof pool.connect;
}

/** Makes this checkout's release idempotent, and calls it `graceMs` after the connection ends if the holder has not. */
function guardRelease(client: pg.PoolClient, graceMs: number): void {
  const release = client.release.bind(client);
  let released = false;
  let timer: NodeJS.Timeout | undefined;
  const gone = (error?: Error) => {
    if (released || timer) return;
    timer = setTimeout(() => finish(error ?? new Error('the connection ended while checked out')), graceMs);
    timer.unref();
  };
  const onError = (error: Error) => gone(error);
  const onEnd = () => gone();
  const finish = (error?: Error | boolean) => {
    clearTimeout(timer);
    client.removeListener('error', onError);
    client.removeListener('end', onEnd);
    if (released) return;
    released = true;
    release(error);
  };
  client.on('error', onError);
  client.on('end', onEnd);
  client.release = finish;
}
