import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BlockList } from 'node:net';
import { createAddressGuard, embeddedIpv4 } from './address-guard.js';
import { parseAllowEntry, splitCidr } from './allow-entries.js';
import { resolveChecked } from './pinned-lookup.js';
import { SPECIAL_PURPOSE_RANGES } from './special-purpose-ranges.js';
import { isLyraError } from '../core/index.js';

const at = (host: string, port = 80, protocol = 'http:') => ({ protocol, host, port });

/** An address inside a CIDR: its base address with the last bits set to 1 (inside for every prefix). */
function inside(cidr: string): string {
  const c = splitCidr(cidr)!;
  if (c.family === 'ipv4') {
    const n = c.address.split('.').reduce((acc, x) => acc * 256 + Number(x), 0);
    const host = c.prefix === 32 ? 0 : 1;
    const v = n + host;
    return [24, 16, 8, 0].map((sh) => Math.floor(v / 2 ** sh) % 256).join('.');
  }
  return c.prefix === 128 ? c.address : c.address.endsWith('::') ? `${c.address}1` : `${c.address.replace(/::$/, '')}:1`.replace(/^:(?!:)/, '::');
}

// Issue 20, hole 7: one test per row of the special-purpose table.
for (const row of SPECIAL_PURPOSE_RANGES) {
  test(`refuses ${row.cidr} (${row.reason}, ${row.source})`, () => {
    const address = inside(row.cidr);
    const probe = new BlockList();
    const c = splitCidr(row.cidr)!;
    probe.addSubnet(c.address, c.prefix, c.family);
    assert.ok(probe.check(address, c.family), `${address} is inside ${row.cidr}`);
    const v = createAddressGuard().check(at('h.example'), address);
    assert.equal(v.allowed, false, address);
    assert.ok(v.reason, address);
  });
}

test('the ranges of issue 20: IPv4-compatible ::/96, local-use NAT64 64:ff9b:1::/48 and Teredo 2001::/32 are refused', () => {
  const g = createAddressGuard();
  assert.deepEqual(g.check(at('h'), '::7f00:1'), { allowed: false, reason: 'IPv4-compatible (deprecated)' }); // [::127.0.0.1]
  assert.deepEqual(g.check(at('h'), '::127.0.0.1'), { allowed: false, reason: 'IPv4-compatible (deprecated)' });
  assert.deepEqual(g.check(at('h'), '64:ff9b:1::a00:1'), { allowed: false, reason: 'local-use IPv4/IPv6 translation' });
  assert.deepEqual(g.check(at('h'), '2001:0:4136:e378:8000:63bf:3fff:fdd2'), { allowed: false, reason: 'Teredo' });
  assert.equal(embeddedIpv4('::7f00:1'), '127.0.0.1');
});

test('refuses loopback, private, link-local, CGNAT, metadata, multicast and their IPv6 forms', () => {
  const g = createAddressGuard();
  const refused: Array<[string, string]> = [
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.1.2', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['0.0.0.0', 'this-network'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique local (private)'],
    ['fd12:3456::1', 'unique local (private)'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:c0a8:101::1', 'private'],
  ];
  for (const [address, reason] of refused) {
    assert.deepEqual(g.check(at('h.example'), address), { allowed: false, reason }, address);
  }
  for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
    assert.equal(g.check(at('h.example'), address).allowed, true, address);
  }
});

test('the allowlist is by origin or CIDR + port: another port, scheme or host of the same address stays refused', () => {
  const g = createAddressGuard({ allow: ['http://127.0.0.1:8888', '10.1.0.0/16:8080', 'https://searx.lan', '[::1]:9000', '127.0.0.1/32:7000-7002'] });
  assert.equal(g.check(at('127.0.0.1', 8888), '127.0.0.1').allowed, true);
  assert.equal(g.check(at('127.0.0.1', 8889), '127.0.0.1').allowed, false, 'another port of an allowed origin');
  assert.equal(g.check(at('127.0.0.1', 8888, 'https:'), '127.0.0.1').allowed, false, 'another scheme');
  assert.equal(g.check(at('localhost', 8888), '127.0.0.1').allowed, false, 'another host name for the same address');
  assert.equal(g.check(at('any.name', 8080), '10.1.200.3').allowed, true);
  assert.equal(g.check(at('any.name', 8081), '10.1.200.3').allowed, false);
  assert.equal(g.check(at('any.name', 8080), '10.2.0.1').allowed, false);
  assert.equal(g.check(at('x', 8080), '::ffff:10.1.0.9').allowed, true);
  assert.equal(g.check(at('x', 9000), '::1').allowed, true);
  assert.equal(g.check(at('x', 7001), '127.0.0.1').allowed, true);
  assert.equal(g.check(at('x', 7003), '127.0.0.1').allowed, false);
  assert.equal(g.check(at('searx.lan', 443, 'https:'), '192.168.3.4').allowed, true);
  assert.equal(g.check(at('searx.lan', 80), '192.168.3.4').allowed, false);
  assert.equal(g.check(at('other.lan', 443, 'https:'), '192.168.3.4').allowed, false);
  assert.equal(createAddressGuard({ enabled: false }).check(at('x'), '10.0.0.1').allowed, true);
  // A provider's origin, for its own requests only.
  const p = g.withOrigins(['http://127.0.0.1:9999/search']);
  assert.equal(p.check(at('127.0.0.1', 9999), '127.0.0.1').allowed, true);
  assert.equal(g.check(at('127.0.0.1', 9999), '127.0.0.1').allowed, false);
});

test('allow entries without a port, invalid CIDRs and other schemes are refused when the config loads', () => {
  for (const [entry, why] of [
    ['127.0.0.1', /names no port/],
    ['10.0.0.0/8', /names no port/],
    ['searx.lan', /names no scheme and port/],
    ['10.0.0.0/99:80', /invalid address or CIDR/],
    ['10.0.0.0/8:0', /invalid port/],
    ['10.0.0.0/8:70000', /invalid port/],
    ['ftp://127.0.0.1:21', /scheme ftp:/],
    ['http://127.0.0.1:8888/admin', /not an origin/],
    ['bad host!', /names no scheme and port/],
  ] as const) {
    assert.throws(
      () => parseAllowEntry(entry),
      (e: unknown) => isLyraError(e) && e.code === 'config_invalid' && why.test(e.message) && /http:\/\/127\.0\.0\.1:8888/.test(e.message),
      entry,
    );
  }
  assert.deepEqual(parseAllowEntry('http://127.0.0.1:8888'), { kind: 'origin', protocol: 'http:', host: '127.0.0.1', port: 8888 });
  assert.deepEqual(parseAllowEntry('https://SearX.lan'), { kind: 'origin', protocol: 'https:', host: 'searx.lan', port: 443 });
  assert.deepEqual(parseAllowEntry('fd00::/8:443'), { kind: 'cidr', address: 'fd00::', prefix: 8, family: 'ipv6', ports: [443, 443] });
});

test('embeddedIpv4 reads mapped, NAT64 and 6to4 forms', () => {
  assert.equal(embeddedIpv4('::ffff:1.2.3.4'), '1.2.3.4');
  assert.equal(embeddedIpv4('::ffff:0102:0304'), '1.2.3.4');
  assert.equal(embeddedIpv4('64:ff9b::1.2.3.4'), '1.2.3.4');
  assert.equal(embeddedIpv4('2002:0102:0304::'), '1.2.3.4');
  assert.equal(embeddedIpv4('2606:4700::1111'), undefined);
});

test('resolveChecked refuses a name when any resolved address is private (rebinding) and names the URL', async () => {
  const guard = createAddressGuard();
  const resolver = async (): Promise<Array<{ address: string; family: 4 | 6 }>> => [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ];
  await assert.rejects(resolveChecked({ host: 'mixed.example', url: 'http://mixed.example/', target: at('mixed.example'), resolver, guard }), (e: unknown) => {
    assert.ok(isLyraError(e));
    assert.equal(e.category, 'blocked');
    assert.equal(e.code, 'ssrf_blocked');
    assert.equal(e.details.address, '10.0.0.7');
    assert.match(e.message, /mixed\.example/);
    return true;
  });
  const ok = await resolveChecked({
    host: 'pub.example',
    url: 'http://pub.example/',
    target: at('pub.example'),
    resolver: async () => [{ address: '93.184.216.34', family: 4 }],
    guard,
  });
  assert.deepEqual(ok, [{ address: '93.184.216.34', family: 4 }]);
});
