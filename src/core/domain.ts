// Registrable domain ("eTLD+1") through the public suffix list, via tldts (maintained, offline).
import { getDomain, getHostname } from 'tldts';

/**
 * Registrable domain of a host or URL: `www.mhlw.go.jp` → `mhlw.go.jp`, `a.b.example.co.uk` →
 * `example.co.uk`. IP addresses and hosts without a public suffix are returned as their host.
 */
export function registrableDomain(hostOrUrl: string): string {
  const host = (getHostname(hostOrUrl) ?? hostOrUrl).toLowerCase().replace(/\.$/, '');
  const domain = getDomain(host, { allowPrivateDomains: false });
  return domain ?? host;
}

/** Lower-cased host of a URL or bare host name. */
export function hostnameOf(hostOrUrl: string): string {
  return (getHostname(hostOrUrl) ?? hostOrUrl).toLowerCase().replace(/\.$/, '');
}
