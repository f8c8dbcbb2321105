// The TextExtractor of core/: picks the format, decodes when needed, and runs the HTML, PDF, plain
// text or Markdown extractor with one set of limits.
import { InvalidInputError, NonRetryableError, throwIfAborted, type ExtractRequest, type ExtractedDocument, type TextExtractor } from '../core/index.js';
import { detectFormat, mediaTypeOf } from './content-type.js';
import { decodeDocumentBytes } from './decode.js';
import { extractHtml } from './html/extract-html.js';
import type { ReadabilityLimits } from './html/readability.js';
import { extractPdf } from './pdf/extract-pdf.js';
import { extractMarkdown, extractPlainText } from './text/extract-text.js';

/** Limits of one extractor; each has a documented default where it is used. */
export interface TextExtractorOptions extends ReadabilityLimits {
  /** HTML larger than this (characters) is refused. Default DEFAULT_MAX_HTML_CHARS (20,000,000). */
  maxHtmlChars?: number;
  /** Plain text / Markdown larger than this (characters) is refused. Default 50,000,000. */
  maxTextChars?: number;
  /** PDFs larger than this (bytes) are refused. Default 100 MiB. */
  maxPdfBytes?: number;
  /** Pages read from a PDF; the rest are left out with a warning. Default 2,000. */
  maxPdfPages?: number;
  /** Most bytes a PDF's streams may decode to (decompression bombs); more fail with pdf_too_large. Default 256 MiB. */
  maxPdfInflatedBytes?: number;
  /** Longest fragment; longer blocks are cut at line, sentence or word ends. Default 2,000. */
  maxFragmentChars?: number;
  /** Links kept per document. Default 5,000. */
  maxLinks?: number;
}

function charsetOf(contentType: string): string | undefined {
  return /;\s*charset\s*=\s*["']?([^"';\s]+)/i.exec(contentType)?.[1];
}

/** Creates the extractor. `extract` accepts decoded `text` (HTML, text, Markdown) or raw `body` bytes (any format). */
export function createTextExtractor(options: TextExtractorOptions = {}): TextExtractor {
  return {
    async extract(request: ExtractRequest): Promise<ExtractedDocument> {
      throwIfAborted(request.signal);
      const format = detectFormat({
        contentType: request.contentType,
        name: request.url,
        ...(request.body
          ? { head: request.body.subarray(0, 512) }
          : request.text !== undefined
            ? { head: new TextEncoder().encode(request.text.slice(0, 512)) }
            : {}),
      });
      if (!format) {
        throw new NonRetryableError(
          `extract: unsupported content type ${JSON.stringify(mediaTypeOf(request.contentType))} for ${request.url} (HTML, PDF, plain text and Markdown are supported)`,
          { code: 'extract_unsupported_type' },
        );
      }
      const common = { ...options, ...(request.signal ? { signal: request.signal } : {}) };
      if (format === 'pdf') {
        if (!request.body)
          throw new InvalidInputError(`extract: PDF ${request.url} needs its raw bytes in \`body\`, not decoded text`, { code: 'extract_pdf_needs_body' });
        return extractPdf(request.body, request.url, common);
      }
      let text = request.text;
      const warnings: string[] = [];
      if (text === undefined) {
        if (!request.body) throw new InvalidInputError(`extract: request for ${request.url} has neither text nor body`, { code: 'extract_empty_request' });
        const charset = charsetOf(request.contentType);
        const decoded = decodeDocumentBytes(request.body, { ...(charset ? { charset } : {}), html: format === 'html' });
        text = decoded.text;
        warnings.push(...decoded.warnings);
      }
      const doc =
        format === 'html'
          ? extractHtml(text, request.url, common)
          : format === 'markdown'
            ? extractMarkdown(text, request.url, common)
            : extractPlainText(text, request.url, common);
      if (warnings.length > 0) doc.warnings.unshift(...warnings);
      return doc;
    },
  };
}
