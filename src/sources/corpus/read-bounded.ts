// Reads one corpus file with the byte cap enforced while reading, not from `stat`: a device or a
// special file reports size 0 (a link to /dev/zero passed the old size check and grew the process
// to gigabytes), and a FIFO blocks an ordinary open forever. The file is opened non-blocking and
// without following a last-component link, and what was opened is checked to be a regular file.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { NonRetryableError, throwIfAborted } from '../../core/index.js';

const CHUNK_BYTES = 64 * 1024;

export type BoundedRead = { ok: true; bytes: Buffer } | { ok: false; reason: string };

/** The file's bytes, or why it was not read (over `maxBytes`, or not a regular file). Throws on I/O errors. */
export async function readFileBounded(path: string, maxBytes: number, signal?: AbortSignal): Promise<BoundedRead> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ELOOP') {
      throw new NonRetryableError(`${path} became a symbolic link after it was listed; not read`, {
        code: 'corpus_file_changed',
        details: { file: path },
        cause,
      });
    }
    throw cause;
  }
  try {
    const s = await handle.stat();
    if (!s.isFile()) return { ok: false, reason: 'not a regular file (changed after it was listed)' };
    if (s.size > maxBytes) return { ok: false, reason: `${s.size} bytes exceeds corpus.max_file_bytes ${maxBytes}` };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      throwIfAborted(signal);
      const buf = Buffer.allocUnsafe(CHUNK_BYTES);
      const { bytesRead } = await handle.read(buf, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      // The size on disk may grow while reading (or lie): the cap is counted on what was read.
      if (total > maxBytes) return { ok: false, reason: `more than corpus.max_file_bytes ${maxBytes} bytes read; skipped` };
      chunks.push(bytesRead === CHUNK_BYTES ? buf : buf.subarray(0, bytesRead));
    }
    return { ok: true, bytes: Buffer.concat(chunks, total) };
  } finally {
    await handle.close();
  }
}
