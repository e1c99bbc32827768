import ipaddr from 'ipaddr.js';
import { canonicalIpAddress, ipv4Pattern, ipv6Pattern } from './epp';

/*
 * IP addresses and CIDR ranges an API key may be used from: the one place that reads a range. A
 * single address is read by `canonicalIpAddress` (epp.ts), so both lists write addresses alike.
 */

/** The longest range text: the longest address (45 characters) and `/128`. */
const ipRangeMaxLength = 49;

/**
 * The canonical text of an address or a CIDR range, or null when the text is neither. An address
 * is as `canonicalIpAddress` writes it. A range is written from its network address
 * (`192.0.2.77/24` is `192.0.2.0/24`: the host bits say nothing about which addresses it holds);
 * a full-length prefix (`/32`, `/128`) is that single address; an IPv4-mapped IPv6 range of at
 * least /96 is the IPv4 range it stands for, as `canonicalIpAddress` does for a single address.
 * Equal ranges therefore have equal texts, which is how duplicates are found.
 */
export function canonicalIpRange(text: string): string | null {
  const value = text.trim();
  if (value.length > ipRangeMaxLength) return null;
  const slash = value.indexOf('/');
  if (slash < 0) return canonicalIpAddress(value);
  const address = value.slice(0, slash);
  const prefixText = value.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  if (ipv4Pattern.test(address)) return ipv4Range(address, prefix);
  if (!ipv6Pattern.test(address) || !ipaddr.IPv6.isValid(address) || prefix > 128) return null;
  const parsed = ipaddr.IPv6.parse(address);
  if (parsed.isIPv4MappedAddress() && prefix >= 96) return ipv4Range(parsed.toIPv4Address().toString(), prefix - 96);
  if (prefix === 128) return parsed.toRFC5952String();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address}/${prefix}`).toRFC5952String()}/${prefix}`;
}

function ipv4Range(address: string, prefix: number): string | null {
  if (prefix > 32) return null;
  if (prefix === 32) return ipaddr.IPv4.parse(address).toString();
  return `${ipaddr.IPv4.networkAddressFromCIDR(`${address}/${prefix}`).toString()}/${prefix}`;
}

/**
 * Whether a canonical range (`canonicalIpRange`) is a whole address family, `0.0.0.0/0` or `::/0`:
 * as an allow-list entry it reads as a restriction and is none.
 */
export function isEveryAddress(canonicalRange: string): boolean {
  return canonicalRange.endsWith('/0');
}

/**
 * Whether an address (as a socket or `request.ip` gives it, IPv4-mapped included) is one of the
 * canonical addresses or ranges of `canonicalIpRange`. An address never matches a range of the
 * other family.
 */
export function ipInRanges(ip: string, ranges: readonly string[]): boolean {
  const canonical = canonicalIpAddress(ip);
  if (canonical === null) return false;
  const address = ipaddr.parse(canonical);
  return ranges.some((range) => {
    if (!range.includes('/')) return range === canonical;
    const [network, bits] = ipaddr.parseCIDR(range);
    return network.kind() === address.kind() && address.match(network, bits);
  });
}
