import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAddressGuard, embeddedIpv4 } from './address-guard.js';
import { resolveChecked } from './pinned-lookup.js';
import { isLyraError } from '../core/index.js';

test('refuses loopback, private, link-local, CGNAT, metadata, multicast and their IPv6 forms', () => {
  const g = createAddressGuard();
  const refused: Array<[string, string]> = [
    ['127.0.0.1', 'loopback'], ['127.8.9.10', 'loopback'], ['10.0.0.1', 'private'], ['172.16.5.4', 'private'], ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'], ['169.254.169.254', 'cloud metadata'], ['169.254.1.2', 'link-local'], ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'], ['0.0.0.0', 'this-network'], ['224.0.0.1', 'multicast'], ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'], ['::', 'unspecified'], ['fc00::1', 'unique local (private)'], ['fd12:3456::1', 'unique local (private)'],
    ['fe80::1', 'link-local'], ['ff02::1', 'multicast'], ['fd00:ec2::254', 'cloud metadata'],
    ['::ffff:127.0.0.1', 'loopback'], ['::ffff:7f00:1', 'loopback'], ['::ffff:10.1.2.3', 'private'], ['::ffff:169.254.169.254', 'cloud metadata'],
    ['64:ff9b::a00:1', 'private'], ['2002:c0a8:101::1', 'private'],
  ];
  for (const [address, reason] of refused) {
    assert.deepEqual(g.check('h.example', address), { allowed: false, reason }, address);
  }
  for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
    assert.equal(g.check('h.example', address).allowed, true, address);
  }
});

test('the allowlist lets named hosts, addresses and CIDRs through, nothing else', () => {
  const g = createAddressGuard({ allow: ['127.0.0.1', '10.1.0.0/16', 'searx.lan', '::1'] });
  assert.equal(g.check('x', '127.0.0.1').allowed, true);
  assert.equal(g.check('x', '127.0.0.2').allowed, false);
  assert.equal(g.check('x', '10.1.200.3').allowed, true);
  assert.equal(g.check('x', '10.2.0.1').allowed, false);
  assert.equal(g.check('x', '::ffff:127.0.0.1').allowed, true);
  assert.equal(g.check('x', '::1').allowed, true);
  assert.equal(g.check('searx.lan', '192.168.3.4').allowed, true);
  assert.equal(g.check('other.lan', '192.168.3.4').allowed, false);
  assert.equal(createAddressGuard({ enabled: false }).check('x', '10.0.0.1').allowed, true);
  assert.throws(() => createAddressGuard({ allow: ['10.0.0.0/99'] }), /not a valid IP address or CIDR/);
  assert.throws(() => createAddressGuard({ allow: ['bad host!'] }), /expected a host name, IP address or CIDR/);
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
  const resolver = async (): Promise<Array<{ address: string; family: 4 | 6 }>> => [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }];
  await assert.rejects(resolveChecked({ host: 'mixed.example', url: 'http://mixed.example/', resolver, guard }), (e: unknown) => {
    assert.ok(isLyraError(e));
    assert.equal(e.category, 'blocked');
    assert.equal(e.code, 'ssrf_blocked');
    assert.equal(e.details.address, '10.0.0.7');
    assert.match(e.message, /mixed\.example/);
    return true;
  });
  const ok = await resolveChecked({ host: 'pub.example', url: 'http://pub.example/', resolver: async () => [{ address: '93.184.216.34', family: 4 }], guard });
  assert.deepEqual(ok, [{ address: '93.184.216.34', family: 4 }]);
});
