// `lyra extract <file-or-url>` and any caller that has a path or a URL: a file is read from disk
// (size-capped, its format sniffed from the name and first bytes), a URL goes through the polite
// fetcher (robots, SSRF guard, throttle, cache, charset decoding); either way the extract/
// TextExtractor turns it into text, metadata, fragments and identifiers.
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  InvalidInputError,
  NonRetryableError,
  RetryableError,
  normalizeUrl,
  throwIfAborted,
  type AuthItem,
  type EventSink,
  type ExtractedDocument,
  type Fetcher,
  type TextExtractor,
} from '../../core/index.js';
import { createTextExtractor, type TextExtractorOptions } from '../../extract/index.js';
import type { LyraConfig } from '../config/index.js';
import { createRuntime, type Runtime } from '../runtime.js';
import { MAX_EXTRACT_FILE_BYTES } from './extract-limits.js';

export interface ExtractSourceOptions {
  /** A file path (relative to `cwd`) or an absolute http(s) URL. */
  source: string;
  cwd: string;
  /** Extraction limits (`extract:`); for URLs also the fetcher, unless `fetcher` is given. */
  config?: LyraConfig;
  /** Fetcher for URLs (e.g. one shared by a pipeline); the caller keeps ownership. */
  fetcher?: Fetcher;
  extractor?: TextExtractor;
  /** Limits for the default extractor, over those of `config` (`extract:`). */
  extractorOptions?: TextExtractorOptions;
  /** Largest local file read; default `extract.max_file_bytes`, else MAX_EXTRACT_FILE_BYTES. */
  maxFileBytes?: number;
  /** Render the page in Chromium before extracting (the configured fetcher only). */
  render?: boolean;
  noCache?: boolean;
  events?: EventSink;
  /** Receives auth-queue items when a page is a CAPTCHA or login wall (configured fetcher only). */
  onAuthRequired?: (item: AuthItem) => void;
  signal?: AbortSignal;
}

/** The extractor limits the configuration asks for (`extract:`); absent keys keep the extract/ defaults. */
export function textExtractorOptions(config: LyraConfig | undefined): TextExtractorOptions {
  const e = config?.raw.extract ?? {};
  const entries: Array<[keyof TextExtractorOptions, number | undefined]> = [
    ['maxHtmlChars', e.max_html_chars],
    ['maxTextChars', e.max_text_chars],
    ['maxPdfBytes', e.max_pdf_bytes],
    ['maxPdfPages', e.max_pdf_pages],
    ['maxPdfInflatedBytes', e.max_pdf_inflated_bytes],
    ['maxElements', e.max_elements],
    ['maxFragmentChars', e.max_fragment_chars],
    ['maxLinks', e.max_links],
  ];
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined)) as TextExtractorOptions;
}

/** True for sources taken as URLs rather than paths. */
export function isUrlSource(source: string): boolean {
  return /^https?:\/\//i.test(source.trim());
}

interface Loaded {
  url: string;
  contentType: string;
  body: Uint8Array;
  text?: string;
}

async function loadUrl(options: ExtractSourceOptions): Promise<Loaded> {
  const { source, signal } = options;
  normalizeUrl(source); // invalid_input for a malformed URL before any setup
  let own: Runtime | undefined;
  if (!options.fetcher) {
    if (!options.config) throw new InvalidInputError(`extract: fetching ${source} needs a fetcher or the configuration`, { code: 'fetcher_missing' });
    own = createRuntime(
      options.config,
      {
        ...(options.events ? { events: options.events } : {}),
        ...(options.onAuthRequired ? { onAuthRequired: options.onAuthRequired } : {}),
      },
      { render: options.render === true },
    );
  }
  try {
    const r = await (options.fetcher ?? own!.fetcher()).fetch({
      url: source,
      ...(options.render ? { render: true } : {}),
      ...(options.noCache ? { noCache: true } : {}),
      ...(signal ? { signal } : {}),
    });
    if (r.status >= 400) {
      const message = `extract: ${source} answered HTTP ${r.status}`;
      const details = { status: r.status, url: r.finalUrl };
      throw r.status === 429 || r.status >= 500
        ? new RetryableError(message, { code: 'http_status', details })
        : new NonRetryableError(message, { code: 'http_status', details });
    }
    // The fetcher decoded text with the charset it detected (header, meta, BOM); binary bodies have none.
    return { url: r.finalUrl, contentType: r.contentType, body: r.body, ...(r.charset ? { text: r.text } : {}) };
  } finally {
    await own?.close();
  }
}

async function loadFile(options: ExtractSourceOptions): Promise<Loaded> {
  const path = resolve(options.cwd, options.source);
  const max = options.maxFileBytes ?? options.config?.raw.extract?.max_file_bytes ?? MAX_EXTRACT_FILE_BYTES;
  let size: number;
  try {
    const s = await stat(path);
    if (!s.isFile()) throw new Error('not a regular file');
    size = s.size;
  } catch (cause) {
    throw new InvalidInputError(`extract: cannot read ${path}: ${(cause as Error).message}`, { code: 'file_unreadable', details: { file: path }, cause });
  }
  if (size > max)
    throw new InvalidInputError(`extract: ${path} is ${size} bytes, over the limit of ${max}`, { code: 'file_too_large', details: { file: path, size, max } });
  const body = await readFile(path, options.signal ? { signal: options.signal } : {});
  // No media type for files: the extractor decides from the extension and the first bytes.
  return { url: pathToFileURL(path).href, contentType: '', body };
}

/** Extracts a local file or a URL into an ExtractedDocument. */
export async function extractSource(options: ExtractSourceOptions): Promise<ExtractedDocument> {
  if (!options.source.trim()) throw new InvalidInputError('extract: empty file or URL', { code: 'invalid_argument' });
  throwIfAborted(options.signal);
  const loaded = isUrlSource(options.source) ? await loadUrl(options) : await loadFile(options);
  const extractor = options.extractor ?? createTextExtractor({ ...textExtractorOptions(options.config), ...options.extractorOptions });
  return extractor.extract({ ...loaded, ...(options.signal ? { signal: options.signal } : {}) });
}
