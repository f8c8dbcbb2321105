// DNS resolution for outgoing connections, checked by the SSRF guard at connect time. The socket
// connects to exactly the address the guard approved (the lookup hands it to net.connect), so a
// host cannot pass the check with one address and be reached at another.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { BlockedError, RetryableError } from '../core/index.js';
import type { AddressGuard } from './address-guard.js';
import type { GuardTarget } from './allow-entries.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses; injectable so tests can map names to loopback or to private addresses. */
export type HostResolver = (hostname: string, options: { signal?: AbortSignal }) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) => {
  const all = await dnsLookup(hostname, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * Resolves `host` and checks every address: if any is refused the whole host is refused (a name
 * mixing public and private records is a rebinding attempt). Returns the addresses in resolver order.
 */
export async function resolveChecked(options: {
  host: string;
  url: string;
  target: GuardTarget;
  resolver: HostResolver;
  guard: AddressGuard;
  signal?: AbortSignal;
}): Promise<ResolvedAddress[]> {
  const { host, url, guard, target } = options;
  const bare = host.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  let addresses: ResolvedAddress[];
  if (literal !== 0) {
    addresses = [{ address: bare, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await options.resolver(bare, { signal: options.signal });
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      const Err = code === 'ENOTFOUND' || code === 'ENODATA' ? BlockedError : RetryableError;
      throw new Err(`DNS lookup of ${host} failed for ${url}: ${(cause as Error).message}`, {
        code: code === 'ENOTFOUND' || code === 'ENODATA' ? 'dns_not_found' : 'dns_failed',
        details: { url, host, errno: code },
        cause,
      });
    }
    if (addresses.length === 0)
      throw new RetryableError(`DNS lookup of ${host} returned no address for ${url}`, { code: 'dns_failed', details: { url, host } });
  }
  for (const a of addresses) guard.assertAllowed({ url, target, address: a.address });
  return addresses;
}

/**
 * A `lookup` for net.connect/tls.connect (undici passes it through) that resolves with the injected
 * resolver and refuses guarded addresses. Handles both `all: true` (Happy Eyeballs) and single form.
 * One per origin (`target`): the guard's allowlist is by origin, and a lookup only sees the host.
 */
export function createPinnedLookup(options: { resolver: HostResolver; guard: AddressGuard; target: GuardTarget }): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const wantAll = typeof lookupOptions === 'object' && lookupOptions !== null && (lookupOptions as { all?: boolean }).all === true;
    const family = typeof lookupOptions === 'object' && lookupOptions !== null ? (lookupOptions as { family?: number | string }).family : undefined;
    const t = options.target;
    resolveChecked({
      host: hostname,
      url: `${t.protocol}//${hostname.includes(':') ? `[${hostname}]` : hostname}:${t.port}`,
      target: t,
      resolver: options.resolver,
      guard: options.guard,
    }).then(
      (addresses) => {
        const wanted =
          family === 4 || family === 'IPv4'
            ? addresses.filter((a) => a.family === 4)
            : family === 6 || family === 'IPv6'
              ? addresses.filter((a) => a.family === 6)
              : addresses;
        if (wanted.length === 0) {
          const err = Object.assign(new Error(`no IPv${String(family)} address for ${hostname}`), { code: 'ENOTFOUND' });
          (callback as (e: Error | null, a: string, f: number) => void)(err, '', 0);
          return;
        }
        if (wantAll) (callback as unknown as (e: Error | null, a: ResolvedAddress[]) => void)(null, wanted);
        else (callback as (e: Error | null, a: string, f: number) => void)(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: Error) => (callback as (e: Error | null, a: string, f: number) => void)(err, '', 0),
    );
  };
}
