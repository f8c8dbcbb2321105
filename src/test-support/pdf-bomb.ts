// Writes a PDF decompression bomb at test time (issue 35, finding 2): one page whose content stream is
// `inflatedBytes` of blank text operators compressed with Flate — a ratio of about 1,000 to 1 — so a
// few hundred kilobytes on disk decode to as much as asked. Options make the hiding places a hostile
// file would use: the stream tagged as an image, two Flate layers, and an image beside a small page.
import { createDeflate, deflateSync } from 'node:zlib';

export interface PdfBombOptions {
  /** Bytes the page's content stream decodes to. */
  inflatedBytes: number;
  /** Tag the content stream's dictionary /Subtype /Image (pdf.js decodes page contents whatever they say). */
  taggedAsImage?: boolean;
  /** Compress twice: /Filter [/FlateDecode /FlateDecode]. */
  doubleFlate?: boolean;
  /** Instead of a big page: a small page plus an unused image XObject of `inflatedBytes` (never decoded for text). */
  asImageXObject?: boolean;
}

async function deflated(bytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const block = Buffer.alloc(Math.min(bytes, 1 << 20), 0x20);
  for (let left = bytes; left > 0; left -= block.length) {
    const part = left >= block.length ? block : block.subarray(0, left);
    if (!deflate.write(part)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/** The PDF's bytes. */
export async function pdfBomb(options: PdfBombOptions): Promise<Uint8Array> {
  let data = await deflated(options.inflatedBytes);
  if (options.doubleFlate) data = deflateSync(data);
  const filter = options.doubleFlate ? '[/FlateDecode /FlateDecode]' : '/FlateDecode';
  const small = Buffer.from('BT /F1 12 Tf 72 720 Td (A small page.) Tj ET');
  const parts: Array<Buffer | string> = [];
  const offsets: number[] = [];
  let size = 0;
  const push = (p: Buffer | string): void => {
    parts.push(p);
    size += typeof p === 'string' ? Buffer.byteLength(p, 'latin1') : p.length;
  };
  const obj = (n: number, dict: string, stream?: Buffer): void => {
    offsets[n] = size;
    if (stream) {
      push(`${n} 0 obj\n${dict.replace('>>', ` /Length ${stream.length} >>`)}\nstream\n`);
      push(stream);
      push('\nendstream\nendobj\n');
    } else push(`${n} 0 obj\n${dict}\nendobj\n`);
  };
  push('%PDF-1.4\n');
  obj(1, '<< /Type /Catalog /Pages 2 0 R >>');
  obj(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  const xobject = options.asImageXObject ? ' /XObject << /Im1 6 0 R >>' : '';
  obj(3, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >>${xobject} >> /Contents 4 0 R >>`);
  if (options.asImageXObject) obj(4, '<< >>', small);
  else obj(4, `<< /Filter ${filter}${options.taggedAsImage ? ' /Subtype /Image' : ''} >>`, data);
  obj(5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const count = options.asImageXObject ? 7 : 6;
  if (options.asImageXObject)
    obj(6, `<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter ${filter} >>`, data);
  const xref = size;
  push(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let n = 1; n < count; n++) push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)));
}
