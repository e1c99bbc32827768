import { Redis, type Result } from 'ioredis';

/** One request counted: how many the key has in its current window, and when that window ends. */
export interface Hit {
  count: number;
  resetInMs: number;
}

/** Fixed-window request counters; a key's window starts at its first request. */
export interface Counters {
  hit(key: string, windowMs: number): Promise<Hit>;
  close(): Promise<void>;
}

/**
 * Counters of this process. Bounded: past `maxEntries` keys the expired ones go, then the oldest,
 * so that a flood of addresses costs memory it cannot grow (an evicted key starts again at zero).
 */
export class MemoryCounters implements Counters {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly maxEntries = 100_000) {}

  async hit(key: string, windowMs: number): Promise<Hit> {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      if (entry) this.entries.delete(key);
      else if (this.entries.size >= this.maxEntries) this.evict(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.count++;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  private evict(now: number): void {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
    // Map iteration is insertion order: the first keys are the oldest windows.
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

/** INCR and the window's expiry in one step, so that parallel requests on any instance count exactly. */
const hitScript = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    rateLimitHit(key: string, windowMs: number): Result<[number, number], Context>;
  }
}

export interface RedisCountersOptions {
  url: string;
  /** Put before every key, so that deployments sharing a Redis never share counters. */
  keyPrefix: string;
  log: { warn(details: object, text: string): void; info(text: string): void };
  /** How long to wait for Redis at start before counting in this process meanwhile. */
  connectWaitMs?: number;
}

/** How long, after a Redis failure, counting stays in this process before Redis is asked again. */
const retryAfterFailureMs = 5000;

/**
 * Counters shared by every instance through Redis. When Redis fails or is slow, counting goes on
 * in this process (each instance then limits on its own) rather than refusing everyone or letting
 * everything through; the change is logged once each way (docs/decisions.md).
 */
export class RedisCounters implements Counters {
  private readonly redis: Redis;
  private readonly fallback = new MemoryCounters();
  private failingSince: number | undefined;

  private constructor(private readonly options: RedisCountersOptions) {
    // No offline queue and a command timeout: a request never waits for a Redis that is not there.
    this.redis = new Redis(options.url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 500, connectTimeout: 2000 });
    this.redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: hitScript });
    this.redis.on('error', (error: Error) => this.failed(error));
  }

  static async open(options: RedisCountersOptions): Promise<RedisCounters> {
    const counters = new RedisCounters(options);
    const ready = new Promise<boolean>((resolve) => counters.redis.once('ready', () => resolve(true)));
    const waited = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), options.connectWaitMs ?? 2000).unref());
    if (!(await Promise.race([ready, waited]))) counters.failed(new Error('Redis is not ready'));
    return counters;
  }

  async hit(key: string, windowMs: number): Promise<Hit> {
    if (this.failingSince !== undefined && Date.now() - this.failingSince < retryAfterFailureMs) return this.fallback.hit(key, windowMs);
    try {
      const [count, resetInMs] = await this.redis.rateLimitHit(this.options.keyPrefix + key, windowMs);
      if (this.failingSince !== undefined) {
        this.failingSince = undefined;
        this.options.log.info('rate limits: Redis answers again, counters are shared again');
      }
      return { count, resetInMs };
    } catch (error) {
      this.failed(error as Error);
      return this.fallback.hit(key, windowMs);
    }
  }

  private failed(error: Error): void {
    // Logged once per outage; the message only (the URL, which may hold a password, stays out).
    if (this.failingSince === undefined) this.options.log.warn({ reason: error.message }, 'rate limits: Redis unavailable, counting in this process');
    this.failingSince = Date.now();
  }

  async close(): Promise<void> {
    await this.fallback.close();
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}
