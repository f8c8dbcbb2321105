// The addresses the SSRF guard refuses, in one table: the IANA IPv4 and IPv6 Special-Purpose Address
// Registries (RFC 6890 and its updates) entries that are not globally reachable, plus multicast and
// the cloud metadata endpoints. Each row names its source; a test checks an address of every row.
// IPv4-mapped, IPv4-compatible, NAT64 and 6to4 IPv6 addresses are also checked by their IPv4 part.

export interface SpecialRange {
  cidr: string;
  /** Why an address in it is refused (shown in errors). */
  reason: string;
  /** Where the range is defined. */
  source: string;
}

export const SPECIAL_PURPOSE_RANGES: readonly SpecialRange[] = [
  // Cloud metadata first: more specific than the link-local and ULA rows that contain them.
  { cidr: '169.254.169.254/32', reason: 'cloud metadata', source: 'AWS/GCP/Azure instance metadata' },
  { cidr: 'fd00:ec2::254/128', reason: 'cloud metadata', source: 'AWS instance metadata (IPv6)' },
  // IPv4 special-purpose registry.
  { cidr: '0.0.0.0/8', reason: 'this-network', source: 'RFC 791' },
  { cidr: '10.0.0.0/8', reason: 'private', source: 'RFC 1918' },
  { cidr: '100.64.0.0/10', reason: 'carrier-grade NAT', source: 'RFC 6598' },
  { cidr: '127.0.0.0/8', reason: 'loopback', source: 'RFC 1122' },
  { cidr: '169.254.0.0/16', reason: 'link-local', source: 'RFC 3927' },
  { cidr: '172.16.0.0/12', reason: 'private', source: 'RFC 1918' },
  { cidr: '192.0.0.0/24', reason: 'IETF protocol assignments', source: 'RFC 6890' },
  { cidr: '192.0.2.0/24', reason: 'documentation', source: 'RFC 5737' },
  { cidr: '192.88.99.0/24', reason: '6to4 relay anycast', source: 'RFC 7526' },
  { cidr: '192.168.0.0/16', reason: 'private', source: 'RFC 1918' },
  { cidr: '198.18.0.0/15', reason: 'benchmarking', source: 'RFC 2544' },
  { cidr: '198.51.100.0/24', reason: 'documentation', source: 'RFC 5737' },
  { cidr: '203.0.113.0/24', reason: 'documentation', source: 'RFC 5737' },
  { cidr: '224.0.0.0/4', reason: 'multicast', source: 'RFC 5771' },
  { cidr: '240.0.0.0/4', reason: 'reserved', source: 'RFC 1112' },
  { cidr: '255.255.255.255/32', reason: 'limited broadcast', source: 'RFC 919' },
  // IPv6 special-purpose registry.
  { cidr: '::/128', reason: 'unspecified', source: 'RFC 4291' },
  { cidr: '::1/128', reason: 'loopback', source: 'RFC 4291' },
  { cidr: '::/96', reason: 'IPv4-compatible (deprecated)', source: 'RFC 4291' },
  { cidr: '64:ff9b:1::/48', reason: 'local-use IPv4/IPv6 translation', source: 'RFC 8215' },
  { cidr: '100::/64', reason: 'discard-only', source: 'RFC 6666' },
  { cidr: '100:0:0:1::/64', reason: 'dummy prefix', source: 'RFC 9780' },
  { cidr: '2001::/32', reason: 'Teredo', source: 'RFC 4380' },
  { cidr: '2001:2::/48', reason: 'benchmarking', source: 'RFC 5180' },
  { cidr: '2001:10::/28', reason: 'ORCHID (deprecated)', source: 'RFC 4843' },
  { cidr: '2001:db8::/32', reason: 'documentation', source: 'RFC 3849' },
  { cidr: '3fff::/20', reason: 'documentation', source: 'RFC 9637' },
  { cidr: '5f00::/16', reason: 'segment routing (SRv6) SIDs', source: 'RFC 9602' },
  { cidr: 'fc00::/7', reason: 'unique local (private)', source: 'RFC 4193' },
  { cidr: 'fe80::/10', reason: 'link-local', source: 'RFC 4291' },
  { cidr: 'fec0::/10', reason: 'site-local (deprecated)', source: 'RFC 3879' },
  { cidr: 'ff00::/8', reason: 'multicast', source: 'RFC 4291' },
];
