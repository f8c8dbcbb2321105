// On-disk HTTP cache keyed by normalized URL: one JSON metadata file and one body file per entry,
// written atomically (temp file + rename). A size cap evicts the least recently used entries.
// Freshness and revalidation (ETag / Last-Modified) are decided by the fetcher; this only stores.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { normalizeUrl } from '../core/index.js';

export interface CachedResponse {
  /** Normalized URL requested (the key). */
  url: string;
  finalUrl: string;
  status: number;
  headers: Record<string, string>;
  contentType: string;
  charset: string;
  etag?: string;
  lastModified?: string;
  /** Epoch ms of the last store or successful revalidation. */
  storedAt: number;
  body: Uint8Array;
}

export interface HttpCache {
  get(url: string): Promise<CachedResponse | undefined>;
  put(entry: CachedResponse): Promise<void>;
  /** Marks an entry revalidated now (after a 304). */
  touch(url: string, storedAt: number): Promise<void>;
  /** Total bytes of bodies and metadata held. */
  sizeBytes(): Promise<number>;
}

export interface DiskHttpCacheOptions {
  dir: string;
  /** Bytes kept on disk; past this the least recently used entries go until 90% remains. */
  maxBytes: number;
}

interface IndexEntry {
  bytes: number;
  usedAt: number;
}

type Meta = Omit<CachedResponse, 'body'>;

export function cacheKey(url: string): string {
  return createHash('sha256').update(normalizeUrl(url)).digest('hex');
}

export function createDiskHttpCache(options: DiskHttpCacheOptions): HttpCache {
  const { dir, maxBytes } = options;
  let index: Map<string, IndexEntry> | undefined;
  let total = 0;
  let loading: Promise<Map<string, IndexEntry>> | undefined;
  let tmpCounter = 0;
  let lastStamp = 0;
  // Strictly increasing recency stamps (ms), so two uses in the same millisecond keep their order.
  const stamp = (): number => (lastStamp = Math.max(Date.now(), lastStamp + 0.001));

  const paths = (key: string): { meta: string; body: string; folder: string } => {
    const folder = join(dir, key.slice(0, 2));
    return { folder, meta: join(folder, `${key}.json`), body: join(folder, `${key}.body`) };
  };

  // Built once from the folder, so a cache left by an earlier run counts toward the cap.
  const loadIndex = async (): Promise<Map<string, IndexEntry>> => {
    if (index) return index;
    loading ??= (async () => {
      const map = new Map<string, IndexEntry>();
      const sub = await readdir(dir).catch(() => [] as string[]);
      for (const s of sub) {
        const files = await readdir(join(dir, s)).catch(() => [] as string[]);
        for (const f of files) {
          const m = /^([0-9a-f]{64})\.(json|body)$/.exec(f);
          if (!m) continue;
          const st = await stat(join(dir, s, f)).catch(() => undefined);
          if (!st) continue;
          const e = map.get(m[1]!) ?? { bytes: 0, usedAt: 0 };
          e.bytes += st.size;
          e.usedAt = Math.max(e.usedAt, st.mtimeMs);
          map.set(m[1]!, e);
          total += st.size;
        }
      }
      index = map;
      return map;
    })();
    return loading;
  };

  const remove = async (key: string): Promise<void> => {
    const idx = await loadIndex();
    const e = idx.get(key);
    if (e) total -= e.bytes;
    idx.delete(key);
    const p = paths(key);
    await Promise.all([rm(p.meta, { force: true }), rm(p.body, { force: true })]);
  };

  const evict = async (): Promise<void> => {
    const idx = await loadIndex();
    if (total <= maxBytes) return;
    const target = maxBytes * 0.9;
    const byAge = [...idx.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [key] of byAge) {
      if (total <= target) break;
      await remove(key);
    }
  };

  const writeAtomic = async (path: string, data: string | Uint8Array): Promise<void> => {
    const tmp = `${path}.${process.pid}.${++tmpCounter}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, path);
  };

  return {
    async get(url) {
      const key = cacheKey(url);
      const idx = await loadIndex();
      const p = paths(key);
      let meta: Meta;
      let body: Buffer;
      try {
        meta = JSON.parse(await readFile(p.meta, 'utf8')) as Meta;
        body = await readFile(p.body);
      } catch {
        return undefined;
      }
      const e = idx.get(key);
      if (e) e.usedAt = stamp();
      return { ...meta, body: new Uint8Array(body.buffer, body.byteOffset, body.length) };
    },
    async put(entry) {
      const key = cacheKey(entry.url);
      const idx = await loadIndex();
      const p = paths(key);
      const { body, ...meta } = entry;
      const metaText = JSON.stringify(meta);
      const bytes = body.length + Buffer.byteLength(metaText);
      // An entry larger than the whole cache would only evict everything and then itself.
      if (bytes > maxBytes) return;
      await mkdir(p.folder, { recursive: true });
      await writeAtomic(p.body, body);
      await writeAtomic(p.meta, metaText);
      const old = idx.get(key);
      if (old) total -= old.bytes;
      idx.set(key, { bytes, usedAt: stamp() });
      total += bytes;
      await evict();
    },
    async touch(url, storedAt) {
      const key = cacheKey(url);
      const p = paths(key);
      try {
        const meta = JSON.parse(await readFile(p.meta, 'utf8')) as Meta;
        await writeAtomic(p.meta, JSON.stringify({ ...meta, storedAt }));
      } catch {
        // Entry evicted meanwhile: nothing to refresh.
      }
    },
    async sizeBytes() {
      await loadIndex();
      return total;
    },
  };
}
