// Line lookups in WordNet's sorted dictionary files without loading them (index.noun alone is 5 MB):
// a binary search over byte positions with positional reads, and a line read at a known offset.
// Every read is bounded: a line longer than MAX_LINE_BYTES is an error, a search takes at most
// log2(file size) probes.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { NonRetryableError } from '../../core/index.js';

/** Longest line read; WordNet's longest lines are a few KiB. */
export const MAX_LINE_BYTES = 64 * 1024;
const CHUNK = 1024;

export interface SortedFile {
  readonly path: string;
  /** The first line whose key (text up to the first space) is >= `key`, bytewise; undefined at the end of the file. */
  lowerBound(key: string): { start: number; line: string } | undefined;
  /** The line starting at byte `offset`. */
  lineAt(offset: number): string | undefined;
  close(): void;
}

/** Opens a sorted file (WordNet's files are ASCII, read as Latin-1 so a byte is a character). */
export function openSortedFile(path: string): SortedFile {
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  const buf = Buffer.alloc(CHUNK);

  const lineAt = (offset: number): string | undefined => {
    if (offset >= size) return undefined;
    let text = '';
    for (let pos = offset; pos < size; pos += CHUNK) {
      const n = readSync(fd, buf, 0, CHUNK, pos);
      const chunk = buf.toString('latin1', 0, n);
      const nl = chunk.indexOf('\n');
      if (nl >= 0) return text + chunk.slice(0, nl);
      text += chunk;
      if (text.length > MAX_LINE_BYTES)
        throw new NonRetryableError(`${path}: line at byte ${offset} is longer than ${MAX_LINE_BYTES} bytes`, {
          code: 'dictionary_corrupt',
          details: { path, offset },
        });
    }
    return text;
  };

  /** Start of the first line beginning at or after `pos`. */
  const lineStartFrom = (pos: number): number => {
    if (pos === 0) return 0;
    for (let p = pos - 1; p < size; p += CHUNK) {
      const n = readSync(fd, buf, 0, CHUNK, p);
      const nl = buf.subarray(0, n).indexOf(10);
      if (nl >= 0) return p + nl + 1;
      if (p - pos > MAX_LINE_BYTES)
        throw new NonRetryableError(`${path}: no line end within ${MAX_LINE_BYTES} bytes of byte ${pos}`, {
          code: 'dictionary_corrupt',
          details: { path, pos },
        });
    }
    return size;
  };

  // Licence lines at the top start with a space: they sort before every key.
  const keyOf = (line: string): string => (line.startsWith(' ') ? '' : line.slice(0, line.indexOf(' ') >>> 0));

  return {
    path,
    lowerBound(key) {
      // Smallest byte position whose following line has a key >= `key` (a monotonic predicate).
      let lo = 0;
      let hi = size;
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2);
        const start = lineStartFrom(mid);
        const line = start < size ? lineAt(start) : undefined;
        if (line === undefined || keyOf(line) >= key) hi = mid;
        else lo = mid + 1;
      }
      const start = lineStartFrom(lo);
      const line = lineAt(start);
      return line === undefined ? undefined : { start, line };
    },
    lineAt,
    close: () => closeSync(fd),
  };
}
