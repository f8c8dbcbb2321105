import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheKey, createDiskHttpCache, type CachedResponse } from './http-cache.js';

const entry = (url: string, bytes: number): CachedResponse => ({
  url,
  finalUrl: url,
  status: 200,
  headers: { etag: '"x"' },
  contentType: 'text/plain',
  charset: 'utf-8',
  etag: '"x"',
  storedAt: 1,
  body: new Uint8Array(bytes).fill(97),
});

test('entries are keyed by normalized URL, survive a restart, and the size cap evicts the least recently used', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-cache-test-'));
  try {
    assert.equal(cacheKey('http://A.example/p?b=2&a=1#frag'), cacheKey('http://a.example/p?a=1&b=2&utm_source=x'));
    const cache = createDiskHttpCache({ dir, maxBytes: 10_000 });
    await cache.put(entry('http://a.example/1', 3000));
    await cache.put(entry('http://a.example/2', 3000));
    assert.equal((await cache.get('http://a.example/1#top'))?.body.length, 3000); // /1 is now the most recently used
    await cache.put(entry('http://a.example/3', 3000));
    await cache.put(entry('http://a.example/4', 3000)); // over 10 000 bytes: evict down to 90 %
    assert.ok((await cache.sizeBytes()) <= 10_000);
    assert.equal(await cache.get('http://a.example/2'), undefined, 'least recently used entry evicted');
    assert.ok(await cache.get('http://a.example/4'));
    await cache.touch('http://a.example/4', 42);
    const reopened = createDiskHttpCache({ dir, maxBytes: 10_000 });
    assert.equal((await reopened.get('http://a.example/4'))?.storedAt, 42);
    assert.ok((await reopened.sizeBytes()) > 0, 'an earlier run counts toward the cap');
    await reopened.put(entry('http://a.example/huge', 20_000)); // larger than the whole cache: not stored
    assert.equal(await reopened.get('http://a.example/huge'), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
