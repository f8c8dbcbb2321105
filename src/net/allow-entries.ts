// `fetch.allow_private` entries: what may be reached although its address is private or loopback.
// Each entry is an origin (`http://127.0.0.1:8888`, `https://searx.lan`) or a CIDR with a port or
// port range (`10.1.0.0/16:8080`, `127.0.0.1/32:8000-8099`, `[fd00::]/8:443`). A bare address or
// host would open every port of it — the hole of issue 20 — and is refused when the config loads.
import { isIP } from 'node:net';
import { InvalidInputError } from '../core/index.js';

export type AllowEntry =
  | { kind: 'origin'; protocol: 'http:' | 'https:'; host: string; port: number }
  | { kind: 'cidr'; address: string; prefix: number; family: 'ipv4' | 'ipv6'; ports: [number, number] };

/** The URL target the guard judges: scheme, host (lower case, no brackets) and effective port. */
export interface GuardTarget {
  protocol: string;
  host: string;
  port: number;
}

export function targetOf(url: URL): GuardTarget {
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return {
    protocol: url.protocol,
    host: url.hostname
      .replace(/^\[|\]$/g, '')
      .toLowerCase()
      .replace(/\.$/, ''),
    port,
  };
}

export function splitCidr(cidr: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [rawAddress, bits, ...rest] = cidr.trim().split('/');
  const address = rawAddress?.replace(/^\[|\]$/g, '');
  if (!address || rest.length > 0) return undefined;
  const version = isIP(address);
  if (version === 0) return undefined;
  const max = version === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (!/^\d+$/.test(bits ?? String(max)) || !Number.isInteger(prefix) || prefix < 0 || prefix > max) return undefined;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

const invalid = (entry: string, why: string): InvalidInputError =>
  new InvalidInputError(
    `fetch.allow_private: ${JSON.stringify(entry)} ${why}; write an origin (http://127.0.0.1:8888, https://searx.lan) or a CIDR with a port (10.1.0.0/16:8080, 127.0.0.1/32:8000-8099)`,
    { code: 'config_invalid', details: { key: 'fetch.allow_private', value: entry } },
  );

function parsePorts(text: string, entry: string): [number, number] {
  const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(text);
  const lo = m ? Number(m[1]) : NaN;
  const hi = m ? Number(m[2] ?? m[1]) : NaN;
  if (!m || lo < 1 || hi > 65535 || lo > hi) throw invalid(entry, `has an invalid port or port range ${JSON.stringify(text)}`);
  return [lo, hi];
}

/** Parses one entry; throws InvalidInputError (code config_invalid) naming the entry and the accepted forms. */
export function parseAllowEntry(entry: string): AllowEntry {
  const value = entry.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw invalid(entry, 'is not a valid origin');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(entry, `has scheme ${url.protocol}, not http: or https:`);
    if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password)
      throw invalid(entry, 'is not an origin (it has a path, query, fragment or credentials)');
    const t = targetOf(url);
    return { kind: 'origin', protocol: url.protocol, host: t.host, port: t.port };
  }
  // CIDR (or address) + ":" + port(s): the port follows the last ':' after the '/' (or after ']' / the IPv4 address).
  const m = /^(\[[0-9a-f:.]+\](?:\/\d+)?|[0-9a-f:.]+\/\d+|\d+\.\d+\.\d+\.\d+(?:\/\d+)?):(\d[\d-]*)$/i.exec(value);
  if (m) {
    const c = splitCidr(m[1]!.replace(/^\[([^\]]+)\]/, '$1'));
    if (!c) throw invalid(entry, 'has an invalid address or CIDR');
    return { kind: 'cidr', ...c, ports: parsePorts(m[2]!, entry) };
  }
  if (value.includes('/') || isIP(value.replace(/^\[|\]$/g, '')) !== 0) throw invalid(entry, 'names no port: a bare address or CIDR would open all its ports');
  throw invalid(entry, 'names no scheme and port: a bare host name would open all its ports');
}

/** Checks every entry at configuration load; returns them parsed. */
export function parseAllowEntries(entries: readonly string[]): AllowEntry[] {
  return entries.map(parseAllowEntry);
}
