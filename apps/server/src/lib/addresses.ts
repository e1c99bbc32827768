import ipaddr from 'ipaddr.js';

/**
 * Which peers may tell the client's address (X-Forwarded-For) and the public host
 * (X-Forwarded-Host/Proto): nobody (`false`, the default), the nearest `n` hops, or the listed
 * proxies (addresses, CIDR ranges, or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | number | string[];

const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Only dotted-quad IPv4: ipaddr.js also takes '127.1' or '0x7f.1', which nobody means in a setting. */
function isAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

function isRange(text: string): boolean {
  return ipaddr.IPv4.isValidCIDRFourPartDecimal(text) || ipaddr.IPv6.isValidCIDR(text);
}

/** Reads `TRUST_PROXY`; an unusable value stops the start rather than trusting too much or too little. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') {
    throw new Error('TRUST_PROXY=true would let any client set its own address: give the number of proxies in front of the portal (e.g. 1) or their addresses');
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !rangeNames.has(entry) && !isAddress(entry) && !isRange(entry));
  if (bad !== undefined) throw new Error(`TRUST_PROXY: '${bad}' is neither a hop count, an IP address, a CIDR range nor loopback/linklocal/uniquelocal`);
  return entries;
}

/**
 * Fastify's `trustProxy` for the setting. A hop count becomes a function: Fastify 5 reads a
 * plain number as "trust nobody", but an operator who writes 1 means the nearest peer is the proxy.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** A socket's address on this machine (IPv4-mapped IPv6 included, as a dual-stack listener reports it). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}

/** A URL's host name that can only mean this machine: localhost (RFC 6761), 127.0.0.0/8, ::1. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return isAddress(name) && isLoopbackAddress(name);
}

/** Headers a proxy adds; a client could write them too, but only to its own cost where they are read. */
const forwardingHeaders = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'via'];

/** Whether a request says it passed through a proxy (declared in TRUST_PROXY or not). */
export function cameThroughProxy(headers: Record<string, string | string[] | undefined>): boolean {
  return forwardingHeaders.some((name) => headers[name] !== undefined);
}

/**
 * Who an address stands for when counting: IPv4 as is, IPv6 by its /64 (one subscriber usually
 * holds a whole /64, so counting single IPv6 addresses would give each of them billions of
 * allowances). Used by the rate limits and the sign-in lockout.
 */
export function subscriberOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
