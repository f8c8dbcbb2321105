// PDF → text per page with pdf.js (through unpdf, which bundles a Node-ready build). Metadata from
// the document information dictionary and XMP; links from link annotations.
import { getDocumentProxy, getMeta } from 'unpdf';
import { NonRetryableError, isLyraError, throwIfAborted, type ExtractedDocument } from '../../core/index.js';
import type { TextBlock } from '../document/blocks.js';
import { assembleBlocks } from '../document/assemble.js';
import { identifiersFromMeta, identifiersFromText, identifiersFromUrl, isAcademicUrl, mergeFoundIdentifiers, selfIdentifiers } from '../identifiers/index.js';
import { DEFAULT_MAX_PDF_INFLATED_BYTES, checkPdfInflatedSize } from './inflated-size.js';
import { pageParagraphs, type PdfTextItem } from './page-paragraphs.js';
import { dropRunningLines } from './running-lines.js';

/** Largest PDF accepted (bytes). */
export const DEFAULT_MAX_PDF_BYTES = 100 * 1024 * 1024;
/** Most pages extracted; later pages are left out with a warning. */
export const DEFAULT_MAX_PDF_PAGES = 2_000;

export interface PdfExtractOptions {
  maxPdfBytes?: number;
  maxPdfPages?: number;
  /** Most bytes the PDF's streams may decode to (see inflated-size.ts); more fail with pdf_too_large. */
  maxPdfInflatedBytes?: number;
  maxFragmentChars?: number;
  signal?: AbortSignal;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function pdfError(url: string, err: unknown): NonRetryableError {
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? err.message : String(err);
  const code = name === 'PasswordException' ? 'extract_pdf_encrypted' : 'extract_pdf_invalid';
  return new NonRetryableError(`extract: cannot read PDF ${url}: ${message}`, { code, cause: err });
}

/** XMP / information-dictionary entries that may hold identifiers, as name/value pairs. */
function metadataEntries(info: Record<string, unknown>, xmp: unknown): Array<{ name: string; value: string }> {
  const out: Array<{ name: string; value: string }> = [];
  const custom = info.Custom;
  if (custom && typeof custom === 'object') {
    for (const [k, v] of Object.entries(custom as Record<string, unknown>)) {
      const value = str(v);
      if (value && /doi|identifier/i.test(k)) out.push({ name: /doi/i.test(k) ? 'doi' : 'dc.identifier', value });
    }
  }
  const all = xmp && typeof (xmp as { getAll?: unknown }).getAll === 'function' ? (xmp as { getAll(): Record<string, unknown> }).getAll() : {};
  for (const [k, v] of Object.entries(all)) {
    const value = str(v);
    if (!value) continue;
    if (/^prism:doi$/i.test(k)) out.push({ name: 'prism.doi', value });
    else if (/^dc:identifier$/i.test(k)) out.push({ name: 'dc.identifier', value });
  }
  return out;
}

/** Extracts text per page, fragments located by page and paragraph, metadata and identifiers. */
export async function extractPdf(body: Uint8Array, url: string, options: PdfExtractOptions = {}): Promise<ExtractedDocument> {
  const maxBytes = options.maxPdfBytes ?? DEFAULT_MAX_PDF_BYTES;
  const maxPages = options.maxPdfPages ?? DEFAULT_MAX_PDF_PAGES;
  if (body.byteLength > maxBytes) {
    throw new NonRetryableError(`extract: PDF ${url} has ${body.byteLength} bytes, more than the limit ${maxBytes}`, { code: 'extract_too_large' });
  }
  throwIfAborted(options.signal);
  // Before pdf.js: it would decode a decompression bomb whole into memory.
  await checkPdfInflatedSize(body, url, {
    maxInflatedBytes: options.maxPdfInflatedBytes ?? DEFAULT_MAX_PDF_INFLATED_BYTES,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  throwIfAborted(options.signal);
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js takes ownership of the buffer it is given. No eval, no font loading: text only.
    pdf = await getDocumentProxy(new Uint8Array(body), { isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  } catch (err) {
    throw pdfError(url, err);
  }
  try {
    const warnings: string[] = [];
    const total = pdf.numPages;
    const count = Math.min(total, maxPages);
    if (count < total) warnings.push(`only the first ${count} of ${total} pages were extracted (limit maxPdfPages)`);
    const blocks: TextBlock[] = [];
    const pages: Array<{ page: number; text: string }> = [];
    const links: string[] = [];
    const pageTexts: string[][] = [];
    for (let n = 1; n <= count; n++) {
      throwIfAborted(options.signal);
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pageTexts.push(pageParagraphs(content.items as PdfTextItem[]));
      try {
        for (const a of (await page.getAnnotations()) as Array<{ subtype?: string; url?: string }>) {
          if (a.subtype === 'Link' && typeof a.url === 'string' && /^https?:/i.test(a.url) && !links.includes(a.url)) links.push(a.url);
        }
      } catch (err) {
        warnings.push(`links of page ${n} could not be read (${err instanceof Error ? err.message : String(err)})`);
      }
      page.cleanup();
    }
    // Running headers and footers, page numbers and a browser's print header and footer are not the text.
    for (const [i, paragraphs] of dropRunningLines(pageTexts).entries()) {
      pages.push({ page: i + 1, text: paragraphs.join('\n\n') });
      for (const text of paragraphs) blocks.push({ kind: 'paragraph', text, page: i + 1 });
    }
    // Metadata is optional: a broken information dictionary or XMP packet is a warning, the text stands.
    let info: Record<string, unknown> = {};
    let metadata: unknown;
    try {
      ({ info, metadata } = await getMeta(pdf));
    } catch (err) {
      warnings.push(`PDF metadata could not be read (${err instanceof Error ? err.message : String(err)}); no title or author`);
    }
    const doc = assembleBlocks(blocks, options.maxFragmentChars !== undefined ? { maxFragmentChars: options.maxFragmentChars } : {});
    if (!doc.text) warnings.push('no text layer found in the PDF (scanned pages need OCR, which Lyra does not do)');
    const title = str(info.Title);
    const byline = str(info.Author);
    const language = str(info.Language);
    const found = mergeFoundIdentifiers([
      identifiersFromUrl(url, 'url'),
      identifiersFromMeta(metadataEntries(info, metadata), 'meta'),
      links.flatMap((l) => identifiersFromUrl(l, 'link')),
      identifiersFromText(doc.text, 'text'),
    ]);
    return {
      url,
      format: 'pdf',
      ...(title !== undefined ? { title } : {}),
      ...(byline !== undefined ? { byline } : {}),
      ...(language !== undefined ? { language } : {}),
      readerable: true,
      text: doc.text,
      sections: doc.sections,
      fragments: doc.fragments,
      pages,
      identifiers: selfIdentifiers(found),
      foundIdentifiers: found,
      academicLinks: links.filter((l) => isAcademicUrl(l)),
      links,
      warnings,
    };
  } catch (err) {
    if (isLyraError(err) || options.signal?.aborted) throw err;
    throw pdfError(url, err);
  } finally {
    await pdf.destroy();
  }
}
