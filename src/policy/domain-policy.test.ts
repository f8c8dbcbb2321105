import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildDomainPolicy, resolveDomainTrust } from './domain-policy.js';
import { domainsFileSchema, type DomainsFile } from './domains-schema.js';

const shipped: DomainsFile = domainsFileSchema.parse({
  defaults: { trust_level: 'unverified', qps: 1 },
  domains: [
    { domain: 'iso.org', trust_level: 'primary', qps: 0.5 },
    { domain: 'wikipedia.org', trust_level: 'low', qps: 0.5 },
    { domain: 'ncbi.nlm.nih.gov', trust_level: 'academic', qps: 3 },
    { domain: 'jstage.jst.go.jp', trust_level: 'academic' },
  ],
  patterns: [
    { pattern: '*.gov', trust_level: 'government' },
    { pattern: '*.go.jp', trust_level: 'government', qps: 2 },
    { pattern: '*.edu', trust_level: 'academic' },
    { pattern: '*.jp', trust_level: 'trusted' },
  ],
});
const user: DomainsFile = domainsFileSchema.parse({
  domains: [{ domain: 'wikipedia.org', trust_level: 'trusted' }],
  user_overrides: [{ domain: 'blocked-but-valid.org', trust_level: 'low', reason: 'Manual review completed - false positive', added_at: '2024-01-15' }],
});
const policy = buildDomainPolicy([{ source: 'default.yaml', file: shipped }]);
const merged = buildDomainPolicy([
  { source: 'default.yaml', file: shipped },
  { source: 'user.yaml', file: user },
]);

const table: Array<[string, string, number, string, string, number]> = [
  // host, level, score, origin, rule, qps
  ['www.mhlw.go.jp', 'GOVERNMENT', 0.95, 'pattern', 'pattern:*.go.jp', 2],
  ['en.wikipedia.org', 'LOW', 0.4, 'config', 'domain:wikipedia.org', 0.5],
  ['wikipedia.org', 'LOW', 0.4, 'config', 'domain:wikipedia.org', 0.5],
  ['iso.org', 'PRIMARY', 1, 'config', 'domain:iso.org', 0.5],
  ['pubmed.ncbi.nlm.nih.gov', 'ACADEMIC', 0.9, 'config', 'domain:ncbi.nlm.nih.gov', 3],
  ['www.nih.gov', 'GOVERNMENT', 0.95, 'pattern', 'pattern:*.gov', 1],
  ['jstage.jst.go.jp', 'ACADEMIC', 0.9, 'config', 'domain:jstage.jst.go.jp', 2],
  ['example.jp', 'TRUSTED', 0.75, 'pattern', 'pattern:*.jp', 1],
  ['cs.stanford.edu', 'ACADEMIC', 0.9, 'pattern', 'pattern:*.edu', 1],
  ['unknown-blog.example', 'UNVERIFIED', 0.3, 'default', 'default', 1],
  ['notwikipedia.org', 'UNVERIFIED', 0.3, 'default', 'default', 1],
  ['gov', 'UNVERIFIED', 0.3, 'default', 'default', 1],
];

for (const [host, level, score, origin, rule, qps] of table) {
  test(`resolveDomainTrust(${host}) → ${level} via ${rule}`, () => {
    const r = resolveDomainTrust(policy, host);
    assert.deepEqual([r.trustLevel, r.score, r.origin, r.rule, r.qps], [level, score, origin, rule, qps]);
  });
}

test('the longest matching pattern wins (*.go.jp over *.jp)', () => {
  assert.equal(resolveDomainTrust(policy, 'www.stat.go.jp').rule, 'pattern:*.go.jp');
});

test('URLs are accepted and reduced to their host', () => {
  const r = resolveDomainTrust(policy, 'https://EN.Wikipedia.org/wiki/Climate');
  assert.equal(r.host, 'en.wikipedia.org');
  assert.equal(r.registrableDomain, 'wikipedia.org');
});

test('a later file replaces the same domain rule', () => {
  assert.equal(resolveDomainTrust(merged, 'en.wikipedia.org').trustLevel, 'TRUSTED');
  assert.deepEqual(merged.sources, ['default.yaml', 'user.yaml']);
});

test('a user override wins and carries its reason and date', () => {
  const r = resolveDomainTrust(merged, 'blocked-but-valid.org');
  assert.equal(r.trustLevel, 'LOW');
  assert.equal(r.score, 0.4);
  assert.equal(r.origin, 'override');
  assert.equal(r.reason, 'Manual review completed - false positive');
  assert.equal(r.addedAt, '2024-01-15');
});

test('an override beats a more specific domain rule', () => {
  const p = buildDomainPolicy([
    {
      source: 'a',
      file: domainsFileSchema.parse({
        domains: [{ domain: 'www.x.org', trust_level: 'academic' }],
        user_overrides: [{ domain: 'x.org', trust_level: 'blocked', reason: 'spam', added_at: '2025-01-01' }],
      }),
    },
  ]);
  assert.equal(resolveDomainTrust(p, 'www.x.org').trustLevel, 'BLOCKED');
});

test('schema rejects bad levels, hosts, patterns and qps with a message saying what was expected', () => {
  const bad: Array<[unknown, RegExp]> = [
    [{ domains: [{ domain: 'x.org', trust_level: 'gold' }] }, /expected one of primary/],
    [{ domains: [{ domain: 'https://x.org/', trust_level: 'low' }] }, /expected a host name/],
    [{ patterns: [{ pattern: 'gov', trust_level: 'low' }] }, /suffix pattern/],
    [{ domains: [{ domain: 'x.org', trust_level: 'low', qps: 0 }] }, /too small|>0/i],
    [{ user_overrides: [{ domain: 'x.org', trust_level: 'low', reason: '', added_at: '2024-01-01' }] }, /non-empty reason/],
    [{ domain: [] }, /unrecognized/i],
  ];
  for (const [input, re] of bad) {
    const r = domainsFileSchema.safeParse(input);
    assert.equal(r.success, false);
    assert.match(r.error!.issues.map((i) => i.message).join('; '), re);
  }
});

test('YAML dates in added_at are kept as YYYY-MM-DD', () => {
  const f = domainsFileSchema.parse({ user_overrides: [{ domain: 'x.org', trust_level: 'low', reason: 'ok', added_at: new Date('2024-01-15T00:00:00Z') }] });
  assert.equal(f.user_overrides?.[0]?.added_at, '2024-01-15');
});
