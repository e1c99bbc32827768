import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { AppError } from '../errors';
import { subscriberOf } from '../lib/addresses';
import { lockoutAccount } from '../lib/lockout-policy';
import { MemoryCounters, RedisCounters, type Counters } from '../lib/rate-limit-counters';
import type { RateLimitName, RateLimits } from '../lib/rate-limit-policy';

declare module 'fastify' {
  interface FastifyInstance {
    /** The request limits of lib/rate-limit-policy.ts, counted in this process or in Redis. */
    rateLimits: RateLimiter;
  }
}

/** A limit and whom it counts for: an address, an account, a registrar, a link. */
export type LimitCheck = readonly [RateLimitName, string];

/** The limit that refused a request, and when to try again. */
export interface Refusal {
  limit: RateLimitName;
  retryAfterSeconds: number;
}

export class RateLimiter {
  constructor(
    private readonly limits: RateLimits,
    private readonly counters: Counters,
    /** Told of every refusal, whoever answers it (the API's 429 or a sign-in page's): the metrics count them here. */
    private readonly onRefusal: (limit: RateLimitName) => void = () => undefined,
  ) {}

  /**
   * Counts the request under each limit in the order given and stops at the first that refuses,
   * so a request refused for its address is not counted against the account after it.
   */
  async check(...checks: readonly LimitCheck[]): Promise<Refusal | undefined> {
    for (const [limit, subject] of checks) {
      const rule = this.limits[limit];
      if (!rule) continue;
      const hit = await this.counters.hit(`${limit}:${subject}`, rule.windowMs);
      if (hit.count > rule.max) {
        this.onRefusal(limit);
        return { limit, retryAfterSeconds: Math.max(1, Math.ceil(hit.resetInMs / 1000)) };
      }
    }
    return undefined;
  }
}

/** The address a limit counts (lib/addresses.ts `subscriberOf`). */
export const addressOf = (request: FastifyRequest): string => subscriberOf(request.ip);

/** A username as limits count it: the account the lockout counts, however its letters are cased or spaced. */
export const accountOf = (username: string): string => lockoutAccount(username);

/** An activation or reset link by a digest of its key: counters never hold a usable key. */
export const linkOf = (key: string): string => createHash('sha256').update(key).digest('hex').slice(0, 32);

/** Whom a limit counts a request for. */
export type Subject = (request: FastifyRequest) => LimitCheck;
export const byAddress =
  (limit: RateLimitName): Subject =>
  (request) => [limit, addressOf(request)];
export const byUser =
  (limit: RateLimitName): Subject =>
  (request) => [limit, accountOf(request.user.username)];
/** A signed-in user by their account, an API key by its id: each key has an allowance of its own. */
export const byUserOrApiKey =
  (userLimit: RateLimitName, apiKeyLimit: RateLimitName): Subject =>
  (request) =>
    request.user.apiKey ? [apiKeyLimit, request.user.apiKey.id] : [userLimit, accountOf(request.user.username)];
export const byRegistrar =
  (limit: RateLimitName): Subject =>
  (request) => [limit, request.user.registrarHandle.toLowerCase()];

/** Answers 429 `error.tooManyRequests` in the envelope, with Retry-After, when a limit refuses. */
export function limitRequests(...subjects: Subject[]) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const refusal = await request.server.rateLimits.check(...subjects.map((subject) => subject(request)));
    if (!refusal) return;
    request.log.info({ limit: refusal.limit }, 'rate limit reached');
    void reply.header('retry-after', String(refusal.retryAfterSeconds));
    throw AppError.of(429, 'error.tooManyRequests');
  };
}

/** Counters in Redis when `REDIS_URL` is set (shared by every instance), else in this process. */
export const rateLimitsPlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  const { config } = options;
  const counters: Counters = config.redisUrl
    ? await RedisCounters.open({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, log: app.log })
    : new MemoryCounters();
  app.decorate('rateLimits', new RateLimiter(config.rateLimits, counters, (limit) => app.metrics.rateLimitRefusals.inc({ limit })));
  app.addHook('onClose', async () => counters.close());
});
