// SSRF guard: which resolved addresses a fetch may connect to. The special-purpose ranges
// (special-purpose-ranges.ts: private, loopback, link-local, CGNAT, metadata, multicast, reserved,
// documentation, Teredo…) are refused unless an allow entry names the target's exact origin, or a CIDR
// containing the address together with the target's port (allow-entries.ts). The check runs on the
// address actually connected to (see pinned-lookup.ts), so DNS rebinding between check and connect
// is not possible. A configured provider's base URL is allowed by origin for that provider's own
// requests only (withOrigins), never for the pages its results point to.
import { BlockList, isIP } from 'node:net';
import { BlockedError } from '../core/index.js';
import { parseAllowEntries, splitCidr, type AllowEntry, type GuardTarget } from './allow-entries.js';
import { SPECIAL_PURPOSE_RANGES } from './special-purpose-ranges.js';

interface Range {
  cidr: string;
  reason: string;
}

/** IPv4 rows of SPECIAL_PURPOSE_RANGES. */
export const BLOCKED_IPV4_RANGES: readonly Range[] = SPECIAL_PURPOSE_RANGES.filter((r) => isIP(r.cidr.split('/')[0]!) === 4);
/** IPv6 rows of SPECIAL_PURPOSE_RANGES; IPv4-mapped, -compatible, NAT64 and 6to4 addresses are also checked by their IPv4 part. */
export const BLOCKED_IPV6_RANGES: readonly Range[] = SPECIAL_PURPOSE_RANGES.filter((r) => isIP(r.cidr.split('/')[0]!) === 6);

/** The IPv4 address embedded in an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::) or 6to4 (2002::) address. */
export function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:(?:0:)?|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const words = expandIpv6(lower);
  if (!words) return undefined;
  const toV4 = (hi: number, lo: number): string => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // ::ffff:XXXX:XXXX (mapped) and ::ffff:0:XXXX:XXXX (translated)
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) return toV4(words[6]!, words[7]!);
  if (words.slice(0, 4).every((w) => w === 0) && words[4] === 0xffff && words[5] === 0) return toV4(words[6]!, words[7]!);
  // ::XXXX:XXXX (IPv4-compatible), except :: and ::1
  if (words.slice(0, 6).every((w) => w === 0) && (words[6]! > 0 || words[7]! > 1)) return toV4(words[6]!, words[7]!);
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
  /** Verdict for one address resolved for the URL target (scheme, host, port). */
  check(target: GuardTarget, address: string): AddressVerdict;
  /** Throws BlockedError (code `ssrf_blocked`) when `address` may not be reached for `url`. */
  assertAllowed(options: { url: string; target: GuardTarget; address: string }): void;
  /** This guard with these origins allowed too (a configured provider's base URL, for its own requests). */
  withOrigins(origins: readonly string[]): AddressGuard;
}

export interface AddressGuardOptions {
  /** Default true. */
  enabled?: boolean;
  /** `fetch.allow_private`: origins (`http://127.0.0.1:8888`) or CIDRs with ports (`10.1.0.0/16:8080`); see allow-entries.ts. */
  allow?: readonly string[];
}

const familyOf = (a: string): 'ipv4' | 'ipv6' => (isIP(a) === 4 ? 'ipv4' : 'ipv6');

function buildBlocked(): { list: BlockList; reasonOf: (a: string) => string | undefined } {
  const list = new BlockList();
  const rows: Array<{ list: BlockList; reason: string }> = [];
  for (const r of SPECIAL_PURPOSE_RANGES) {
    const c = splitCidr(r.cidr)!;
    list.addSubnet(c.address, c.prefix, c.family);
    const one = new BlockList();
    one.addSubnet(c.address, c.prefix, c.family);
    rows.push({ list: one, reason: r.reason });
  }
  return {
    list,
    reasonOf: (a) => {
      const fam = familyOf(a);
      if (!list.check(a, fam)) return undefined;
      return rows.find((r) => r.list.check(a, fam))?.reason ?? 'reserved';
    },
  };
}

const BLOCKED = buildBlocked();

function makeGuard(enabled: boolean, entries: readonly AllowEntry[]): AddressGuard {
  const nets = entries
    .filter((e): e is Extract<AllowEntry, { kind: 'cidr' }> => e.kind === 'cidr')
    .map((e) => {
      const list = new BlockList();
      list.addSubnet(e.address, e.prefix, e.family);
      return { list, family: e.family, ports: e.ports, label: `${e.address}/${e.prefix}:${e.ports[0]}${e.ports[1] !== e.ports[0] ? `-${e.ports[1]}` : ''}` };
    });
  const origins = entries.filter((e): e is Extract<AllowEntry, { kind: 'origin' }> => e.kind === 'origin');

  const allowedBy = (target: GuardTarget, address: string): string | undefined => {
    const o = origins.find((x) => x.protocol === target.protocol && x.host === target.host && x.port === target.port);
    if (o) return `origin ${o.protocol}//${o.host}:${o.port} allowlisted`;
    const v4 = isIP(address) === 6 ? embeddedIpv4(address) : undefined;
    for (const n of nets) {
      if (target.port < n.ports[0] || target.port > n.ports[1]) continue;
      if (n.list.check(address, familyOf(address)) || (v4 && n.family === 'ipv4' && n.list.check(v4, 'ipv4'))) return `${n.label} allowlisted`;
    }
    return undefined;
  };

  const check = (target: GuardTarget, rawAddress: string): AddressVerdict => {
    const address = rawAddress.replace(/^\[|\]$/g, '').toLowerCase();
    if (isIP(address) === 0) return { allowed: false, reason: `not an IP address: ${rawAddress}` };
    if (!enabled) return { allowed: true, reason: 'guard disabled' };
    const v4 = isIP(address) === 6 ? embeddedIpv4(address) : undefined;
    const reason = BLOCKED.reasonOf(address) ?? (v4 ? BLOCKED.reasonOf(v4) : undefined);
    if (!reason) return { allowed: true };
    const allowed = allowedBy(target, address);
    return allowed ? { allowed: true, reason: allowed } : { allowed: false, reason };
  };

  return {
    enabled,
    check,
    assertAllowed({ url, target, address }) {
      const v = check(target, address);
      if (!v.allowed) {
        throw new BlockedError(
          `SSRF guard refused ${url}: ${target.host} resolves to ${address} (${v.reason}); to allow it add its origin (${target.protocol}//${target.host.includes(':') ? `[${target.host}]` : target.host}:${target.port}) to fetch.allow_private`,
          {
            code: 'ssrf_blocked',
            details: { url, host: target.host, port: target.port, address, reason: v.reason },
          },
        );
      }
    },
    withOrigins(extra) {
      return extra.length === 0 ? this : makeGuard(enabled, [...entries, ...parseAllowEntries(extra.map((o) => new URL(o).origin))]);
    },
  };
}

export function createAddressGuard(options: AddressGuardOptions = {}): AddressGuard {
  return makeGuard(options.enabled ?? true, parseAllowEntries(options.allow ?? []));
}
