// How many bytes a PDF's streams decode to, counted before pdf.js reads it. `max_pdf_bytes` counts
// stored bytes, and a one-page PDF of 815 KB whose content stream inflates to 800 MB took pdf.js to
// 1.79 GB of memory (issue 35, finding 2): pdf.js decodes a whole stream into one buffer and gives no
// hook to stop it. So every stream pdf.js may decode while reading text is decoded here first, through
// its filter chain, counting and discarding the output, and the document is refused once the count
// passes the limit — memory stays at a few chunks whatever the ratio.
//
// Which streams count: every one except images (pdf.js never decodes an image to read text), unless a
// page names it as /Contents (pdf.js decodes page contents whatever their dictionary says). Decoded
// here: FlateDecode (zlib, streaming), ASCIIHexDecode, ASCII85Decode, RunLengthDecode, LZWDecode. A
// stream whose filters cannot be decoded here (encrypted data, image codecs in a chain, a broken
// stream) counts what was decoded before the failure, never less than its stored size.
import { createInflate, constants as zlib } from 'node:zlib';
import { NonRetryableError, throwIfAborted } from '../../core/index.js';

/** Most decoded bytes of all streams of one PDF that are read (default of extract.max_pdf_inflated_bytes). */
export const DEFAULT_MAX_PDF_INFLATED_BYTES = 256 * 1024 * 1024;

export interface InflatedSizeOptions {
  maxInflatedBytes: number;
  signal?: AbortSignal;
}

interface FoundStream {
  objectNumber: number | undefined;
  dict: string;
  data: Uint8Array;
}

const latin1 = (buf: Buffer, start: number, end: number): string => buf.toString('latin1', Math.max(0, start), Math.min(buf.length, end));
const isSpace = (c: number | undefined): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;

/** The value of `N G obj <integer> endobj` (an indirect /Length), or undefined. */
function indirectInteger(buf: Buffer, num: number, gen: number): number | undefined {
  const needle = `${num} ${gen} obj`;
  for (let at = buf.indexOf(needle); at >= 0; at = buf.indexOf(needle, at + 1)) {
    if (at > 0 && !isSpace(buf[at - 1])) continue;
    const m = /^\s*(\d+)\s+endobj/.exec(latin1(buf, at + needle.length, at + needle.length + 40));
    if (m) return Number(m[1]);
  }
  return undefined;
}

/** Every `stream … endstream` of the file, with the dictionary before it. */
function findStreams(buf: Buffer): FoundStream[] {
  const out: FoundStream[] = [];
  for (let at = buf.indexOf('stream'); at >= 0; at = buf.indexOf('stream', at + 6)) {
    if (latin1(buf, at - 3, at) === 'end') continue;
    let start = at + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    else if (buf[start - 1] !== 0x0d) continue; // `stream` not followed by an end of line: not the keyword
    const head = latin1(buf, at - 65_536, at);
    const objAt = head.lastIndexOf('obj');
    if (objAt < 0 || head.lastIndexOf('>>') < objAt) continue;
    const dict = head.slice(objAt + 3);
    const num = /(\d+)\s+\d+\s+$/.exec(head.slice(Math.max(0, objAt - 24), objAt));
    let end: number | undefined;
    const len = /\/Length\s+(\d+)(?:\s+(\d+)\s+R)?/.exec(dict);
    if (len) {
      const n = len[2] !== undefined ? indirectInteger(buf, Number(len[1]), Number(len[2])) : Number(len[1]);
      // Trusted only when `endstream` follows it, as pdf.js does; otherwise the keyword ends the data.
      if (n !== undefined && start + n <= buf.length && /^\s*endstream/.test(latin1(buf, start + n, start + n + 40))) end = start + n;
    }
    if (end === undefined) {
      const e = buf.indexOf('endstream', start);
      end = e < 0 ? buf.length : e;
    }
    out.push({ objectNumber: num ? Number(num[1]) : undefined, dict, data: buf.subarray(start, end) });
    at = Math.max(at, end);
  }
  return out;
}

function filtersOf(dict: string): string[] {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  if (!m) return [];
  return [...m[1]!.matchAll(/\/([A-Za-z0-9]+)/g)].map((x) => x[1]!);
}

function asciiHex(data: Uint8Array): Buffer {
  const digits = Buffer.from(data)
    .toString('latin1')
    .split('>')[0]!
    .replace(/[^0-9a-fA-F]/g, '');
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

function ascii85(data: Uint8Array, limit: number): Buffer {
  const text = Buffer.from(data).toString('latin1').split('~>')[0]!.replace(/\s/g, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (n: number): void => {
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const d of group) v = v * 85 + d;
    const bytes = [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
    out.push(...bytes.slice(0, n));
    group = [];
  };
  for (const ch of text) {
    if (out.length > limit) break;
    if (ch === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const d = ch.charCodeAt(0) - 33;
    if (d < 0 || d > 84) continue;
    group.push(d);
    if (group.length === 5) flush(4);
  }
  if (group.length > 1) flush(group.length - 1);
  return Buffer.from(out);
}

function runLength(data: Uint8Array, limit: number): Buffer {
  const chunks: Buffer[] = [];
  let size = 0;
  for (let i = 0; i < data.length && size <= limit; ) {
    const n = data[i]!;
    if (n === 128) break;
    if (n < 128) {
      chunks.push(Buffer.from(data.subarray(i + 1, i + 2 + n)));
      size += n + 1;
      i += n + 2;
    } else {
      chunks.push(Buffer.alloc(257 - n, data[i + 1] ?? 0));
      size += 257 - n;
      i += 2;
    }
  }
  return Buffer.concat(chunks);
}

/** LZW (PDF's variant, early change 1) decoded, stopping past `limit` bytes. */
function lzw(data: Uint8Array, limit: number): Buffer {
  const table: Buffer[] = [];
  const reset = (): void => {
    table.length = 0;
    for (let i = 0; i < 256; i++) table.push(Buffer.from([i]));
    table.push(Buffer.alloc(0), Buffer.alloc(0));
  };
  reset();
  const chunks: Buffer[] = [];
  let size = 0;
  let width = 9;
  let prev: Buffer | undefined;
  let bits = 0;
  let acc = 0;
  for (const byte of data) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= width) {
      bits -= width;
      const code = (acc >>> bits) & ((1 << width) - 1);
      acc &= (1 << bits) - 1;
      if (code === 256) {
        reset();
        width = 9;
        prev = undefined;
        continue;
      }
      if (code === 257) return Buffer.concat(chunks);
      let entry = table[code];
      if (!entry && prev && code === table.length) entry = Buffer.concat([prev, prev.subarray(0, 1)]);
      if (!entry) return Buffer.concat(chunks);
      chunks.push(entry);
      size += entry.length;
      if (size > limit) return Buffer.concat(chunks);
      if (prev && table.length < 4096) table.push(Buffer.concat([prev, entry.subarray(0, 1)]));
      prev = entry;
      const next = table.length + 1;
      width = next >= 2048 ? 12 : next >= 1024 ? 11 : next >= 512 ? 10 : 9;
    }
  }
  return Buffer.concat(chunks);
}

/**
 * Inflates `data`, keeping the output when `keep` (a later filter needs it) and only counting it
 * otherwise; stops once more than `limit` bytes came out. A broken stream ends the count where it broke.
 */
function inflateCounting(data: Uint8Array, limit: number, keep: boolean): Promise<{ bytes: number; output?: Buffer }> {
  return new Promise((resolve) => {
    const inflate = createInflate({ finishFlush: zlib.Z_SYNC_FLUSH, chunkSize: 64 * 1024 });
    const kept: Buffer[] = [];
    let bytes = 0;
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      inflate.destroy();
      resolve(keep ? { bytes, output: Buffer.concat(kept) } : { bytes });
    };
    inflate.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (keep) kept.push(chunk);
      if (bytes > limit) finish();
    });
    inflate.on('end', finish);
    inflate.on('error', finish);
    inflate.end(data);
  });
}

/** Bytes the stream decodes to, at most a little past `limit`. */
async function decodedSize(stream: FoundStream, limit: number): Promise<number> {
  const filters = filtersOf(stream.dict);
  let data: Uint8Array = stream.data;
  for (let i = 0; i < filters.length; i++) {
    const f = filters[i]!;
    const last = i === filters.length - 1;
    if (f === 'FlateDecode' || f === 'Fl') {
      const r = await inflateCounting(data, limit, !last);
      if (last || !r.output) return Math.max(r.bytes, stream.data.length);
      data = r.output;
    } else if (f === 'ASCIIHexDecode' || f === 'AHx') data = asciiHex(data);
    else if (f === 'ASCII85Decode' || f === 'A85') data = ascii85(data, limit);
    else if (f === 'RunLengthDecode' || f === 'RL') data = runLength(data, limit);
    else if (f === 'LZWDecode' || f === 'LZW') data = lzw(data, limit);
    else break; // an image codec or Crypt: what came out so far is what is counted
    if (data.length > limit) break;
  }
  return Math.max(data.length, stream.data.length);
}

/** Object numbers that pages name as /Contents (in the file, or inside decoded object streams). */
function contentsObjects(text: string, into: Set<number>): void {
  for (const m of text.matchAll(/\/Contents\s*(\[[^\]]*\]|\d+\s+\d+\s+R)/g)) {
    for (const r of m[1]!.matchAll(/(\d+)\s+\d+\s+R/g)) into.add(Number(r[1]));
  }
}

/**
 * Decoded bytes of the streams pdf.js may decode to read the text of `body`; throws `pdf_too_large`
 * (non-retryable, naming the limit) once they pass `maxInflatedBytes`.
 */
export async function checkPdfInflatedSize(body: Uint8Array, url: string, options: InflatedSizeOptions): Promise<number> {
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const streams = findStreams(buf);
  const contents = new Set<number>();
  contentsObjects(buf.toString('latin1'), contents);
  // Page dictionaries may sit in compressed object streams: read those first (they count too).
  let total = 0;
  const over = (): NonRetryableError =>
    new NonRetryableError(`extract: PDF ${url} decodes to more than ${options.maxInflatedBytes} bytes (limit extract.max_pdf_inflated_bytes); not read`, {
      code: 'pdf_too_large',
    });
  const objectStreams = new Set(streams.filter((s) => /\/Type\s*\/ObjStm/.test(s.dict)));
  for (const s of objectStreams) {
    throwIfAborted(options.signal);
    const filters = filtersOf(s.dict);
    if (filters.length === 1 && filters[0] === 'FlateDecode') {
      const r = await inflateCounting(s.data, options.maxInflatedBytes - total, true);
      total += Math.max(r.bytes, s.data.length);
      if (r.output) contentsObjects(r.output.toString('latin1'), contents);
    } else total += await decodedSize(s, options.maxInflatedBytes - total);
    if (total > options.maxInflatedBytes) throw over();
  }
  for (const s of streams) {
    if (objectStreams.has(s)) continue;
    throwIfAborted(options.signal);
    const image = /\/Subtype\s*\/Image\b/.test(s.dict);
    if (image && !(s.objectNumber !== undefined && contents.has(s.objectNumber))) continue;
    total += await decodedSize(s, options.maxInflatedBytes - total);
    if (total > options.maxInflatedBytes) throw over();
  }
  return total;
}
