import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { cameThroughProxy, isLoopbackAddress } from '../../lib/addresses';

/** Compared as digests: equal lengths whatever was sent, so the time taken tells nothing of the token. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header is `Bearer <token>`; never true without a configured token. */
export function carriesMetricsToken(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization) return false;
  const presented = /^Bearer +(\S+) *$/i.exec(authorization)?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/**
 * A request from this machine: `request.ip` is loopback. That address is the client's own when it
 * connected directly, or when a proxy named in TRUST_PROXY told it. A request with forwarding
 * headers whose address is still the socket's was relayed by a proxy nobody trusted (say, a proxy
 * on this machine without TRUST_PROXY): loopback then says nothing about the client.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.ip)) return false;
  return !(cameThroughProxy(request.headers) && request.ip === request.socket.remoteAddress);
}

/** `/metrics` is for this machine, or for whoever holds METRICS_TOKEN. */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  return fromThisMachine(request) || carriesMetricsToken(request.headers.authorization, token);
}
