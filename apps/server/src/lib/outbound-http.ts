import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { RefusedAddress, resolveOutbound, type Resolver } from './outbound-address';

/*
 * The one way the portal POSTs to an address a registrar gave (webhooks): the host resolved once and
 * checked (outbound-address.ts), the connection made to THAT address (a pinned `lookup`, so TLS still
 * checks the certificate against the host name), no redirect followed (a 3xx is a failure), no proxy
 * from the environment (an agent of its own), a bound on the whole exchange and on the answer read.
 */

export const outboundLimits = { timeoutMs: 10_000, maxAnswerBytes: 64 * 1024 } as const;

export type OutboundError = 'timeout' | 'connection' | 'addressRefused' | 'redirect' | 'tls' | 'answerTooLarge';

export interface OutboundResult {
  /** The receiver's status code, when it answered. */
  statusCode: number | null;
  /** 2xx: delivered. */
  ok: boolean;
  error: OutboundError | null;
  latencyMs: number;
}

export interface OutboundOptions {
  /** Plain http to a loopback address (WEBHOOKS_ALLOW_HTTP_LOOPBACK); anything else must be https. */
  allowHttpLoopback: boolean;
  resolver?: Resolver;
  timeoutMs?: number;
}

/** Whether an address may be given at all, before any resolution: https, or http where allowed. */
export function schemeAllowed(url: URL, allowHttpLoopback: boolean): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && allowHttpLoopback);
}

const tlsErrors = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/;

/** POSTs `body` with `headers` to `target`; never throws: every way it can fail is a result. */
export async function postOutbound(target: string, body: string, headers: Record<string, string>, options: OutboundOptions): Promise<OutboundResult> {
  const started = performance.now();
  const done = (statusCode: number | null, error: OutboundError | null): OutboundResult => ({
    statusCode,
    ok: error === null && statusCode !== null && statusCode >= 200 && statusCode < 300,
    error,
    latencyMs: Math.round(performance.now() - started),
  });
  const url = new URL(target);
  if (!schemeAllowed(url, options.allowHttpLoopback)) return done(null, 'addressRefused');
  let pinned;
  try {
    // Loopback only for plain http where allowed: https to this machine is as refused as anywhere private.
    pinned = await resolveOutbound(url.hostname, { resolver: options.resolver, allowLoopback: url.protocol === 'http:' && options.allowHttpLoopback });
  } catch (error) {
    return done(null, error instanceof RefusedAddress ? 'addressRefused' : 'connection');
  }
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  const timeoutMs = options.timeoutMs ?? outboundLimits.timeoutMs;
  return new Promise<OutboundResult>((resolve) => {
    let settled = false;
    const finish = (result: OutboundResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup,
        // An agent of its own: no keep-alive to a socket resolved earlier, and no proxy from the environment.
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'registrar-panel-webhooks',
        },
      },
      (response) => {
        const statusCode = response.statusCode ?? null;
        if (statusCode !== null && statusCode >= 300 && statusCode < 400) {
          response.destroy();
          finish(done(statusCode, 'redirect'));
          return;
        }
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > outboundLimits.maxAnswerBytes) {
            response.destroy();
            // The status was given before the answer ran over: what the receiver meant still counts.
            finish(done(statusCode, statusCode !== null && statusCode >= 200 && statusCode < 300 ? null : 'answerTooLarge'));
          }
        });
        response.on('end', () => finish(done(statusCode, null)));
        response.on('error', () => finish(done(statusCode, 'connection')));
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish(done(null, 'timeout'));
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish(done(null, tlsErrors.test(error.code ?? '') ? 'tls' : 'connection')));
    request.end(body);
  });
}
