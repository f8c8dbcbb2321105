// Reads a response body as it streams, stopping as soon as it passes the size cap, then undoes
// Content-Encoding (gzip, deflate, br) with the same cap on the decoded size, so neither a huge
// body nor a decompression bomb can exhaust memory.
import { promisify } from 'node:util';
import { brotliDecompress, constants, gunzip, inflate, inflateRaw, type ZlibOptions } from 'node:zlib';
import { NonRetryableError, RetryableError } from '../core/index.js';

const gunzipAsync = promisify<Buffer, ZlibOptions, Buffer>(gunzip);
const inflateAsync = promisify<Buffer, ZlibOptions, Buffer>(inflate);
const inflateRawAsync = promisify<Buffer, ZlibOptions, Buffer>(inflateRaw);
const brotliAsync = promisify<Buffer, ZlibOptions, Buffer>(brotliDecompress);

export const ACCEPT_ENCODING = 'gzip, deflate, br';

export function bodyTooLarge(url: string, limit: number, seen: string): NonRetryableError {
  return new NonRetryableError(`response body of ${url} exceeds fetch.max_body_bytes (${limit} bytes; ${seen})`, {
    code: 'body_too_large',
    details: { url, limit },
  });
}

/** Collects chunks up to `maxBytes`; calls `onChunk` for each (idle-timer reset). Throws body_too_large past the cap. */
export async function readCapped(options: {
  stream: AsyncIterable<Uint8Array>;
  maxBytes: number;
  url: string;
  onChunk?: () => void;
  abort?: () => void;
  truncate?: boolean;
}): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of options.stream) {
    options.onChunk?.();
    if (total + chunk.length > options.maxBytes) {
      options.abort?.();
      if (!options.truncate) throw bodyTooLarge(options.url, options.maxBytes, `read ${total + chunk.length} bytes so far`);
      chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, options.maxBytes - total));
      total = options.maxBytes;
      break;
    }
    total += chunk.length;
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
}

/** Undoes a Content-Encoding list (applied in order, so undone in reverse); identity and empty pass through. */
export async function decodeContent(options: {
  body: Buffer;
  encoding: string | undefined;
  maxBytes: number;
  url: string;
  truncate?: boolean;
}): Promise<Buffer> {
  const codings = (options.encoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity');
  let data = options.body;
  for (const coding of codings.reverse()) {
    // Truncated input (robots.txt cut at its cap) ends mid-stream: flush what decodes instead of failing.
    const opts: ZlibOptions = options.truncate
      ? { maxOutputLength: options.maxBytes, finishFlush: constants.Z_SYNC_FLUSH }
      : { maxOutputLength: options.maxBytes };
    try {
      if (coding === 'gzip' || coding === 'x-gzip') data = await gunzipAsync(data, opts);
      else if (coding === 'br') data = await brotliAsync(data, opts);
      else if (coding === 'deflate') {
        // "deflate" is meant to be zlib-wrapped, but some servers send raw deflate: the header tells.
        const zlibWrapped = data.length >= 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0;
        data = zlibWrapped ? await inflateAsync(data, opts) : await inflateRawAsync(data, opts);
      } else {
        throw new NonRetryableError(`unsupported Content-Encoding ${JSON.stringify(coding)} from ${options.url}`, {
          code: 'content_encoding_unsupported',
          details: { url: options.url, encoding: options.encoding },
        });
      }
    } catch (cause) {
      if (cause instanceof NonRetryableError) throw cause;
      if ((cause as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || cause instanceof RangeError) {
        throw bodyTooLarge(options.url, options.maxBytes, `after ${coding} decoding`);
      }
      throw new RetryableError(`cannot decode ${coding} body of ${options.url}: ${(cause as Error).message}`, {
        code: 'content_decode_failed',
        details: { url: options.url, encoding: coding },
        cause,
      });
    }
  }
  return data;
}
