// SSRF guard: which resolved addresses a fetch may connect to. Private, loopback, link-local,
// CGNAT, cloud-metadata, multicast and reserved ranges are refused unless an allowlist names the
// host or a CIDR containing the address. The check runs on the address actually connected to (see
// pinned-lookup.ts), so DNS rebinding between check and connect is not possible.
import { BlockList, isIP } from 'node:net';
import { BlockedError, InvalidInputError } from '../core/index.js';

interface Range {
  cidr: string;
  reason: string;
}

/** IPv4 ranges that never belong to a public web server (RFC 6890 special-purpose registry). */
export const BLOCKED_IPV4_RANGES: readonly Range[] = [
  { cidr: '169.254.169.254/32', reason: 'cloud metadata' },
  { cidr: '0.0.0.0/8', reason: 'this-network' },
  { cidr: '10.0.0.0/8', reason: 'private' },
  { cidr: '100.64.0.0/10', reason: 'carrier-grade NAT' },
  { cidr: '127.0.0.0/8', reason: 'loopback' },
  { cidr: '169.254.0.0/16', reason: 'link-local' },
  { cidr: '172.16.0.0/12', reason: 'private' },
  { cidr: '192.0.0.0/24', reason: 'IETF protocol assignments' },
  { cidr: '192.0.2.0/24', reason: 'documentation' },
  { cidr: '192.88.99.0/24', reason: '6to4 relay anycast' },
  { cidr: '192.168.0.0/16', reason: 'private' },
  { cidr: '198.18.0.0/15', reason: 'benchmarking' },
  { cidr: '198.51.100.0/24', reason: 'documentation' },
  { cidr: '203.0.113.0/24', reason: 'documentation' },
  { cidr: '224.0.0.0/4', reason: 'multicast' },
  { cidr: '240.0.0.0/4', reason: 'reserved' },
];

/** IPv6 ranges refused; IPv4-mapped, NAT64 and 6to4 addresses are also checked by their IPv4 part. */
export const BLOCKED_IPV6_RANGES: readonly Range[] = [
  { cidr: 'fd00:ec2::254/128', reason: 'cloud metadata' },
  { cidr: '::/128', reason: 'unspecified' },
  { cidr: '::1/128', reason: 'loopback' },
  { cidr: 'fc00::/7', reason: 'unique local (private)' },
  { cidr: 'fe80::/10', reason: 'link-local' },
  { cidr: 'fec0::/10', reason: 'site-local' },
  { cidr: 'ff00::/8', reason: 'multicast' },
  { cidr: '2001:db8::/32', reason: 'documentation' },
  { cidr: '100::/64', reason: 'discard-only' },
];

function splitCidr(cidr: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address, bits, ...rest] = cidr.trim().split('/');
  if (!address || rest.length > 0) return undefined;
  const version = isIP(address);
  if (version === 0) return undefined;
  const max = version === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return undefined;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** The IPv4 address embedded in an IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::) or 6to4 (2002::) address. */
export function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:(?:0:)?|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const words = expandIpv6(lower);
  if (!words) return undefined;
  const toV4 = (hi: number, lo: number): string => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // ::ffff:XXXX:XXXX (mapped) and ::ffff:0:XXXX:XXXX (translated)
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) return toV4(words[6]!, words[7]!);
  if (words.slice(0, 4).every((w) => w === 0) && words[4] === 0xffff && words[5] === 0) return toV4(words[6]!, words[7]!);
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0)) return toV4(words[6]!, words[7]!);
  if (words[0] === 0x2002) return toV4(words[1]!, words[2]!);
  return undefined;
}

function expandIpv6(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const p = v4[1]!.split('.').map(Number);
    text = text.slice(0, -v4[1]!.length) + `${((p[0]! << 8) | p[1]!).toString(16)}:${((p[2]! << 8) | p[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = text.includes('::') ? 8 - h.length - t.length : 0;
  const words = [...h, ...Array<string>(fill).fill('0'), ...t].map((w) => parseInt(w, 16));
  return words.length === 8 ? words : undefined;
}

export interface AddressVerdict {
  allowed: boolean;
  /** Why an address is refused (e.g. `private`, `loopback`, `cloud metadata`), or why it passed the allowlist. */
  reason?: string;
}

export interface AddressGuard {
  /** Whether the guard is on; off only when configured so explicitly. */
  readonly enabled: boolean;
  /** Verdict for one address resolved for `host`. */
  check(host: string, address: string): AddressVerdict;
  /** Throws BlockedError (code `ssrf_blocked`) when `address` may not be reached for `url`. */
  assertAllowed(options: { url: string; host: string; address: string }): void;
}

export interface AddressGuardOptions {
  /** Default true. */
  enabled?: boolean;
  /** Host names, IP addresses or CIDRs that may be reached even when private (e.g. `127.0.0.1`, `10.1.0.0/16`, `searx.lan`). */
  allow?: readonly string[];
}

export function createAddressGuard(options: AddressGuardOptions = {}): AddressGuard {
  const enabled = options.enabled ?? true;
  const blocked = new BlockList();
  const reasons: Array<{ list: BlockList; reason: string }> = [];
  for (const r of [...BLOCKED_IPV4_RANGES, ...BLOCKED_IPV6_RANGES]) {
    const c = splitCidr(r.cidr)!;
    blocked.addSubnet(c.address, c.prefix, c.family);
    const one = new BlockList();
    one.addSubnet(c.address, c.prefix, c.family);
    reasons.push({ list: one, reason: r.reason });
  }
  const allowedNets = new BlockList();
  const allowedHosts = new Set<string>();
  for (const entry of options.allow ?? []) {
    const value = entry.trim().toLowerCase();
    if (value.includes('/') || isIP(value) !== 0) {
      const c = splitCidr(value);
      if (!c) throw new InvalidInputError(`fetch.allow_private: not a valid IP address or CIDR: ${JSON.stringify(entry)}`, { code: 'config_invalid', details: { key: 'fetch.allow_private', value: entry } });
      allowedNets.addSubnet(c.address, c.prefix, c.family);
    } else if (/^[a-z0-9.-]+$/.test(value)) {
      allowedHosts.add(value.replace(/\.$/, ''));
    } else {
      throw new InvalidInputError(`fetch.allow_private: expected a host name, IP address or CIDR, got ${JSON.stringify(entry)}`, { code: 'config_invalid', details: { key: 'fetch.allow_private', value: entry } });
    }
  }

  const familyOf = (a: string): 'ipv4' | 'ipv6' => (isIP(a) === 4 ? 'ipv4' : 'ipv6');
  const reasonOf = (a: string): string | undefined => {
    const fam = familyOf(a);
    if (!blocked.check(a, fam)) return undefined;
    return reasons.find((r) => r.list.check(a, fam))?.reason ?? 'reserved';
  };

  const check = (host: string, rawAddress: string): AddressVerdict => {
    const address = rawAddress.replace(/^\[|\]$/g, '').toLowerCase();
    if (isIP(address) === 0) return { allowed: false, reason: `not an IP address: ${rawAddress}` };
    if (!enabled) return { allowed: true, reason: 'guard disabled' };
    if (allowedHosts.has(host.toLowerCase().replace(/\.$/, ''))) return { allowed: true, reason: `host ${host} allowlisted` };
    if (allowedNets.check(address, familyOf(address))) return { allowed: true, reason: `${address} allowlisted` };
    const v4 = isIP(address) === 6 ? embeddedIpv4(address) : undefined;
    if (v4 && allowedNets.check(v4, 'ipv4')) return { allowed: true, reason: `${v4} allowlisted` };
    const reason = reasonOf(address) ?? (v4 ? reasonOf(v4) : undefined);
    return reason ? { allowed: false, reason } : { allowed: true };
  };

  return {
    enabled,
    check,
    assertAllowed({ url, host, address }) {
      const v = check(host, address);
      if (!v.allowed) {
        throw new BlockedError(`SSRF guard refused ${url}: ${host} resolves to ${address} (${v.reason}); add it to fetch.allow_private to allow`, {
          code: 'ssrf_blocked',
          details: { url, host, address, reason: v.reason },
        });
      }
    },
  };
}
