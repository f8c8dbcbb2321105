// Writes a small valid PDF by hand (Helvetica text, an info dictionary, optional link annotations)
// so PDF extraction is tested on real bytes without a PDF-writing dependency.

export interface MinimalPdfPage {
  /** Lines of text; an empty string leaves a blank line (a paragraph gap). */
  lines: string[];
  /** URIs of link annotations on the page. */
  links?: string[];
}

export interface MinimalPdfOptions {
  pages: MinimalPdfPage[];
  title?: string;
  author?: string;
}

function pdfString(s: string): string {
  return `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** A PDF 1.4 file whose text layer holds exactly the given lines (ASCII). */
export function minimalPdf(options: MinimalPdfOptions): Uint8Array {
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const pageIds: number[] = [];
  for (const page of options.pages) {
    const ops = ['BT', '/F1 12 Tf', '14 TL', '72 720 Td'];
    page.lines.forEach((line, i) => {
      if (i > 0) ops.push('T*');
      if (line) ops.push(`${pdfString(line)} Tj`);
    });
    ops.push('ET');
    const stream = ops.join('\n');
    const contents = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    const annots = (page.links ?? []).map((uri, i) =>
      add(`<< /Type /Annot /Subtype /Link /Rect [72 ${100 + i * 20} 300 ${112 + i * 20}] /Border [0 0 0] /A << /S /URI /URI ${pdfString(uri)} >> >>`),
    );
    const annotRef = annots.length > 0 ? ` /Annots [${annots.map((a) => `${a} 0 R`).join(' ')}]` : '';
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${contents} 0 R${annotRef} >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${pageIds.map((p) => `${p} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  const infoParts = [options.title ? `/Title ${pdfString(options.title)}` : '', options.author ? `/Author ${pdfString(options.author)}` : ''].filter(Boolean);
  const info = infoParts.length > 0 ? add(`<< ${infoParts.join(' ')} >>`) : undefined;

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${info ? ` /Info ${info} 0 R` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
