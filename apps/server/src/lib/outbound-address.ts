import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/*
 * Where the portal may send a request it was told to send (webhooks): public unicast addresses
 * only, never into the registry's own network. The one home of the rule. The ranges are the IANA
 * special-purpose registries for IPv4 and IPv6 (RFC 6890 and its updates); IPv6 is further held to
 * global unicast (2000::/3), which leaves out loopback, ULA, link-local, multicast, NAT64's and the
 * IPv4-mapped and -compatible forms at once.
 */

const ipv4SpecialPurpose = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // shared address space (CGNAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (cloud metadata at 169.254.169.254)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.31.196.0/24', // AS112-v4
  '192.52.193.0/24', // AMT
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16', // private
  '192.175.48.0/24', // direct delegation AS112
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and the limited broadcast 255.255.255.255
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

const ipv6GlobalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');
const ipv6SpecialPurpose = [
  '2001::/23', // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4
  '2620:4f:8000::/48', // direct delegation AS112
  '3fff::/20', // documentation
].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/** Whether `address` (an IP literal) is a public unicast address the portal may connect to. */
export function isPublicUnicast(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') {
    const v4 = parsed as ipaddr.IPv4;
    return !ipv4SpecialPurpose.some((range) => v4.match(range));
  }
  const v6 = parsed as ipaddr.IPv6;
  // Outside 2000::/3: ::1, ::, ::ffff:0:0/96 (IPv4-mapped), 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64), fc00::/7, fe80::/10, ff00::/8.
  return v6.match(ipv6GlobalUnicast) && !ipv6SpecialPurpose.some((range) => v6.match(range));
}

/** Whether `address` is a loopback address (127/8, ::1), including the IPv4-mapped form of one. */
export function isLoopbackAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'loopback';
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses; injected in tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** Why a destination was refused. */
export class RefusedAddress extends Error {
  constructor(readonly hostname: string) {
    super(`refused: ${hostname} is not a public unicast address`);
  }
}

/**
 * The one address to connect to for `hostname`: an IP literal as it is, a name resolved once. Every
 * address the name has must be allowed (one private address among public ones is a trick, not a
 * mistake); `allowLoopback` admits loopback ones too (the demo's and tests' plain http). Throws
 * `RefusedAddress`, or the resolver's error for a name that does not resolve.
 */
export async function resolveOutbound(hostname: string, options: { resolver?: Resolver; allowLoopback?: boolean } = {}): Promise<ResolvedAddress> {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const addresses: ResolvedAddress[] = ipaddr.isValid(bare)
    ? [{ address: bare, family: ipaddr.parse(bare).kind() === 'ipv6' ? 6 : 4 }]
    : await (options.resolver ?? systemResolver)(bare);
  const allowed = (address: string) => isPublicUnicast(address) || (options.allowLoopback === true && isLoopbackAddress(address));
  const first = addresses[0];
  if (!first || !addresses.every(({ address }) => allowed(address))) throw new RefusedAddress(bare);
  return first;
}
