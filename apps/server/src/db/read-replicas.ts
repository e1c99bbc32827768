import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './database';
import { survivePoolClientErrors } from './pool-clients';
import * as schema from './schema';

/*
 * Streaming replicas for the reads that tolerate a few seconds of lag. Which reads those are is the
 * route table's business (an entry's `reads: 'replica'`, plugins/api-routes.ts); this module only
 * says, for one reader at one moment, which server answers:
 *
 * - a replica that answered its last check, is in recovery and is at most `maxLagSeconds` behind;
 * - and that has replayed the reader's last write (read-your-writes): each request that wrote on
 *   the primary records the primary's WAL insert position just after it in `read_fences`, on the
 *   primary, where every instance sees it; a replica whose replay position (as last checked: it only
 *   grows, so the check is a floor) is behind that is not used for the reader;
 * - otherwise the primary.
 *
 * Lag: every check samples the primary's WAL insert position with the time; a replica that replayed
 * up to sample k has everything written before k's time, so its lag is at most the time since then
 * (0 once it has reached the latest sample). An idle primary therefore shows no lag, unlike
 * `now() - pg_last_xact_replay_timestamp()`.
 */

/** A WAL position (`16/B374D848`) as a number that compares. */
export function walPosition(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** Host, port and database of an address: never its user or password, which must not reach logs or metrics. */
export function replicaName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

export interface ReplicaState {
  name: string;
  database: Database;
  /** Answered its last check, in recovery, and within the lag bound. */
  available: boolean;
  /** Seconds behind the primary at the last check (an upper bound); null when it did not answer. */
  lagSeconds: number | null;
  /** Replayed up to here at the last check. */
  replayed: bigint;
}

/** Why a lag-tolerant read went where it went: the counts on `/metrics`. */
export type ReadRoute = 'replica' | 'primary_no_replica' | 'primary_after_write' | 'primary_retry';

export interface ReadChoice {
  database: Database;
  /** The replica chosen; none when the primary answers. */
  replica?: ReplicaState;
}

export interface ReadReplicas {
  readonly replicas: readonly ReplicaState[];
  /** Reads routed since start, by route. */
  readonly routed: Record<ReadRoute, number>;
  /** Where `reader`'s lag-tolerant read goes now. */
  choose(reader: string | undefined): Promise<ReadChoice>;
  /** After a request of `reader` wrote: their reads stay on the primary until a replica has replayed this. */
  recordWrite(reader: string): Promise<void>;
  /** A replica whose query failed for want of a connection: left out until its next good check. */
  setAside(replica: ReplicaState): void;
  /** One round of checks now (tests; the timer does it every `checkIntervalMs`). */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface ReadReplicaOptions {
  primary: Database;
  urls: readonly string[];
  maxLagSeconds: number;
  poolSize: number;
  /** How often each replica's replay position and lag are read. */
  checkIntervalMs?: number;
  log: { warn: (fields: object, message: string) => void; info: (fields: object, message: string) => void };
}

/** The error and what it wraps: Drizzle puts the driver's error in `cause` ("Failed query: …"). */
function* errorChain(error: unknown): Generator<unknown> {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) yield current;
}

/** A connection error, or the server ending the session: the replica is unreachable, not the query wrong. */
export function isConnectionFailure(error: unknown): boolean {
  return [...errorChain(error)].some(isConnectionFailureItself);
}

function isConnectionFailureItself(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (/^08/.test(code) || ['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code)))
    return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(message);
}

/**
 * A query a hot standby cancelled because replaying WAL needed what it read (a recovery conflict:
 * SQLSTATE 40001 or 40P01 with "conflict with recovery"), or a read-only refusal: worth once more on the primary.
 */
export function isReplicaRefusal(error: unknown): boolean {
  return [...errorChain(error)].some(isReplicaRefusalItself);
}

function isReplicaRefusalItself(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  return ((code === '40001' || code === '40P01') && /conflict with recovery/i.test(message)) || code === '25006';
}

const checkTimeoutMs = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Opens a pool per replica and starts checking them; with no URLs every read goes to the primary. */
export function openReadReplicas(options: ReadReplicaOptions): ReadReplicas {
  const { primary, maxLagSeconds } = options;
  const checkIntervalMs = options.checkIntervalMs ?? 1_000;
  const replicas: ReplicaState[] = options.urls.map((url) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize,
      connectionTimeoutMillis: checkTimeoutMs,
      // As on the primary (db/database.ts): no parallel workers for the portal's short reads.
      options: '-c max_parallel_workers_per_gather=0',
    });
    // A replica stopping closes idle connections: the pool replaces them, the process goes on.
    pool.on('error', () => undefined);
    // Nor one it ends while it is checked out (a recovery conflict terminates a read's transaction).
    survivePoolClientErrors(pool);
    return {
      name: replicaName(url),
      database: { db: drizzle(pool, { schema }), pool, close: () => pool.end() },
      available: false,
      lagSeconds: null,
      replayed: 0n,
    };
  });
  const routed: Record<ReadRoute, number> = { replica: 0, primary_no_replica: 0, primary_after_write: 0, primary_retry: 0 };
  /** The primary's WAL insert position at each check, oldest first, kept a little longer than the lag bound. */
  const samples: { position: bigint; at: number }[] = [];
  let next = 0;

  const lagOf = (replayed: bigint, now: number): number => {
    let reached: { position: bigint; at: number } | undefined;
    for (const sample of samples) if (sample.position <= replayed) reached = sample;
    const latest = samples[samples.length - 1];
    if (reached && reached === latest) return 0;
    // Behind even the oldest sample: at least that old, which is past the bound.
    const since = reached?.at ?? samples[0]?.at ?? now;
    return Math.max(0, (now - since) / 1000);
  };

  const checkOne = async (replica: ReplicaState) => {
    const wasAvailable = replica.available;
    try {
      const { rows } = await withTimeout(
        replica.database.pool.query<{ recovering: boolean; replayed: string | null }>(
          'SELECT pg_is_in_recovery() AS recovering, pg_last_wal_replay_lsn()::text AS replayed',
        ),
        checkTimeoutMs,
      );
      const row = rows[0];
      if (!row?.recovering || row.replayed === null) throw new Error('not a standby in recovery');
      replica.replayed = walPosition(row.replayed);
      replica.lagSeconds = lagOf(replica.replayed, Date.now());
      replica.available = replica.lagSeconds <= maxLagSeconds;
    } catch (error) {
      replica.available = false;
      replica.lagSeconds = null;
      if (wasAvailable) options.log.warn({ replica: replica.name, err: error }, 'read replica left out: it does not answer');
      return;
    }
    if (wasAvailable && !replica.available)
      options.log.warn({ replica: replica.name, lagSeconds: replica.lagSeconds }, 'read replica left out: too far behind');
    if (!wasAvailable && replica.available) options.log.info({ replica: replica.name, lagSeconds: replica.lagSeconds }, 'read replica in use');
  };

  const check = async () => {
    try {
      const { rows } = await withTimeout(primary.pool.query<{ position: string }>('SELECT pg_current_wal_insert_lsn()::text AS position'), checkTimeoutMs);
      const now = Date.now();
      samples.push({ position: walPosition(rows[0]!.position), at: now });
      while (samples.length > 2 && samples[0]!.at < now - (maxLagSeconds * 1000 + 4 * checkIntervalMs)) samples.shift();
    } catch {
      // The primary did not answer: the replicas' lag is measured again at the next check.
      return;
    }
    await Promise.all(replicas.map(checkOne));
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    timer = setTimeout(() => {
      void check().finally(() => {
        if (!stopped) loop();
      });
    }, checkIntervalMs);
    timer.unref();
  };
  if (replicas.length > 0) loop();

  return {
    replicas,
    routed,
    check,
    async choose(reader) {
      const up = replicas.filter((replica) => replica.available);
      if (up.length === 0) {
        routed.primary_no_replica++;
        return { database: primary };
      }
      let eligible = up;
      if (reader !== undefined) {
        const { rows } = await primary.pool.query<{ lsn: string }>('SELECT lsn::text AS lsn FROM read_fences WHERE reader = $1', [reader]);
        const fence = rows[0] ? walPosition(rows[0].lsn) : undefined;
        if (fence !== undefined) eligible = up.filter((replica) => replica.replayed >= fence);
      }
      if (eligible.length === 0) {
        routed.primary_after_write++;
        return { database: primary };
      }
      const replica = eligible[next++ % eligible.length]!;
      routed.replica++;
      return { database: replica.database, replica };
    },
    async recordWrite(reader) {
      if (replicas.length === 0) return;
      // The insert position, not the write position: with synchronous_commit off the commit may not be written yet.
      await primary.pool.query(
        `INSERT INTO read_fences (reader, lsn, written_at) VALUES ($1, pg_current_wal_insert_lsn(), now())
         ON CONFLICT (reader) DO UPDATE SET lsn = GREATEST(read_fences.lsn, excluded.lsn), written_at = excluded.written_at`,
        [reader],
      );
    },
    setAside(replica) {
      if (replica.available) options.log.warn({ replica: replica.name }, 'read replica left out: a query could not reach it');
      replica.available = false;
    },
    async close() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(replicas.map((replica) => replica.database.close()));
    },
  };
}
