// `lyra corpus add`: walks files and folders, turns each file into corpus documents and stores them
// with their FTS index. Unchanged files are skipped before any extraction; a changed file replaces
// its documents (records gone from a JSONL file are removed). Hostile folders are bounded: only
// regular files, links kept inside the folder (walk-files.ts), a byte cap counted while reading
// (read-bounded.ts), one bad entry one per-file error; text files' charset detected by the extractor.
import { basename, extname, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  InvalidInputError,
  contentHash,
  errorMessage,
  throwIfAborted,
  type CorpusDocument,
  type ExtractedDocument,
  type Store,
  type TextExtractor,
} from '../../core/index.js';
import { parseCsvDocuments } from './csv-records.js';
import { parseDocumentFile, type DocumentRecord } from './document-records.js';
import { readFileBounded } from './read-bounded.js';
import { collectCorpusFiles, type CorpusFile } from './walk-files.js';

/** Largest file read (bytes); bigger files are reported and skipped. */
export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;
/** Files visited per `add` at most, so a mistaken `/` does not walk the whole disk. */
export const DEFAULT_MAX_FILES = 200_000;
/** Documents written per transaction. */
export const INGEST_BATCH = 1000;

const RECORD_EXTENSIONS = new Set(['.jsonl', '.ndjson', '.json']);
/** Tables: one document per row (csv-records.ts). */
const TABLE_EXTENSIONS = new Set(['.csv', '.tsv']);
const EXTRACT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.htm': 'text/html',
  '.xhtml': 'application/xhtml+xml',
  '.pdf': 'application/pdf',
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.txt': 'text/plain',
  '.text': 'text/plain',
};

export const CORPUS_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface IngestOptions {
  store: Store;
  /** Extracts HTML, PDF, Markdown and text files. */
  extractor: TextExtractor;
  name: string;
  paths: string[];
  signal?: AbortSignal;
  maxFileBytes?: number;
  maxFiles?: number;
  /** Follow symbolic links that lead outside the added folders (default false: such links are skipped). */
  followSymlinks?: boolean;
  /** The column of a CSV/TSV file holding the text (default: one named text, abstract, body…, else the longest). */
  textColumn?: string;
  onProgress?: (p: IngestProgress) => void;
}

export interface IngestProgress {
  file: string;
  filesDone: number;
  documents: number;
}

export interface IngestReport {
  corpus: string;
  files: number;
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
  skippedFiles: Array<{ file: string; reason: string }>;
  failedFiles: Array<{ file: string; error: string }>;
  /** How each CSV/TSV file was read: its documents, the column taken as text, rows skipped for an empty text. */
  tables: Array<{ file: string; documents: number; textColumn: string; emptyRows: number; firstEmptyRow?: number }>;
}

export function validateCorpusName(name: string): string {
  if (!CORPUS_NAME_RE.test(name)) {
    throw new InvalidInputError(`corpus name ${JSON.stringify(name)}: expected 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit`, {
      code: 'invalid_corpus_name',
    });
  }
  return name;
}

export async function ingestCorpus(options: IngestOptions): Promise<IngestReport> {
  const { store, extractor, signal } = options;
  const corpus = validateCorpusName(options.name);
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const walk = await collectCorpusFiles({
    paths: options.paths,
    maxFiles: options.maxFiles ?? DEFAULT_MAX_FILES,
    followSymlinks: options.followSymlinks === true,
    ...(signal ? { signal } : {}),
  });
  const report: IngestReport = {
    corpus,
    files: walk.files.length + walk.failed.length,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    removed: 0,
    skippedFiles: [...walk.skipped],
    failedFiles: [...walk.failed],
    tables: [],
  };
  let batch: CorpusDocument[] = [];
  const flush = (): void => {
    if (batch.length === 0) return;
    const r = store.upsertCorpusDocuments(batch);
    report.inserted += r.inserted;
    report.updated += r.updated;
    report.unchanged += r.unchanged;
    batch = [];
  };
  let filesDone = 0;
  // Ids given in this add (id → file), so two added folders' notes.txt do not share one.
  const taken = new Map<string, string>();
  for (const walked of walk.files) {
    const { path: file, realPath } = walked;
    throwIfAborted(signal);
    const ext = extname(file).toLowerCase();
    const type = EXTRACT_TYPES[ext];
    const table = TABLE_EXTENSIONS.has(ext);
    if (!RECORD_EXTENSIONS.has(ext) && !table && !type) {
      report.skippedFiles.push({ file, reason: `unsupported file type ${ext || '(none)'}` });
      continue;
    }
    try {
      const read = await readFileBounded(realPath, maxBytes, signal);
      if (!read.ok) {
        report.skippedFiles.push({ file, reason: read.reason });
        continue;
      }
      const bytes = read.bytes;
      if (RECORD_EXTENSIONS.has(ext) || table) {
        let records: DocumentRecord[];
        if (table) {
          const parsed = parseCsvDocuments(bytes.toString('utf8'), file, {
            fileId: walked.relativePath,
            ...(options.textColumn !== undefined ? { textColumn: options.textColumn } : {}),
          });
          records = parsed.records;
          report.tables.push({
            file,
            documents: records.length,
            textColumn: parsed.textColumn,
            emptyRows: parsed.emptyRows,
            ...(parsed.firstEmptyRow !== undefined ? { firstEmptyRow: parsed.firstEmptyRow } : {}),
          });
        } else {
          records = parseDocumentFile(bytes.toString('utf8'), file);
        }
        const seen = new Set<string>();
        for (const r of records) {
          seen.add(r.id);
          batch.push({
            corpus,
            id: r.id,
            title: r.title,
            text: r.text,
            url: r.url,
            publishedAt: r.publishedAt,
            ...(r.fields ? { fields: r.fields } : {}),
            origin: file,
            // Fields count only when present, so a JSONL record's hash is what it was before fields existed.
            contentHash: contentHash(JSON.stringify([r.title, r.text, r.url ?? '', r.publishedAt ?? '', ...(r.fields ? [r.fields] : [])])),
          });
          if (batch.length >= INGEST_BATCH) flush();
        }
        flush();
        const gone = store.listCorpusDocumentIds(corpus, file).filter((id) => !seen.has(id));
        if (gone.length) report.removed += store.removeCorpusDocuments(corpus, gone);
      } else {
        const hash = contentHash(bytes.toString('base64'));
        const own = store.listCorpusDocumentIds(corpus, file);
        const id = documentIdOf({ store, corpus, file: walked, own, taken });
        // A document this file gave under another id (an absolute path, before ids were relative) goes.
        const earlier = own.filter((x) => x !== id);
        if (store.getCorpusDocumentHash(corpus, id) === hash) {
          report.unchanged++;
        } else {
          const url = pathToFileURL(file).href;
          // Bytes, not text: the extractor detects the charset (BOM, <meta>, UTF-8, else chardet: Latin-1, Shift_JIS…).
          const doc = await extractor.extract({ url, contentType: type!, body: new Uint8Array(bytes), signal });
          if (!doc.text.trim()) throw new InvalidInputError(`${file}: no text could be extracted`, { code: 'empty_document' });
          batch.push({
            corpus,
            id,
            title: documentTitle(doc, file, type),
            text: doc.text,
            url,
            publishedAt: doc.publishedAt,
            origin: file,
            contentHash: hash,
          });
          if (batch.length >= INGEST_BATCH) flush();
        }
        if (earlier.length > 0) {
          flush();
          report.removed += store.removeCorpusDocuments(corpus, earlier);
        }
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      report.failedFiles.push({ file, error: errorMessage(error) });
    }
    filesDone++;
    options.onProgress?.({ file, filesDone, documents: report.inserted + report.updated + report.unchanged + batch.length });
  }
  flush();
  return report;
}

/**
 * The id of a file's document: its path from the folder the added path is in (`papers/notes.txt`),
 * lengthened by parent folders while another file of this add, or another file's document already in
 * the corpus, holds it; the absolute path only when nothing shorter is free. `own`: the ids this file's
 * documents already have in the corpus.
 */
function documentIdOf(options: {
  store: Pick<Store, 'getCorpusDocumentHash'>;
  corpus: string;
  file: CorpusFile;
  own: readonly string[];
  taken: Map<string, string>;
}): string {
  const { store, corpus, file, own, taken } = options;
  const parts = file.path.split(sep).filter(Boolean);
  const first = file.relativePath.split('/').length;
  // Free: not given to another file of this add, and in the corpus either this file's or nobody's.
  const free = (id: string): boolean => {
    const by = taken.get(id);
    if (by !== undefined && by !== file.path) return false;
    return own.includes(id) || store.getCorpusDocumentHash(corpus, id) === undefined;
  };
  for (let k = first; k <= parts.length; k++) {
    const id = k === first ? file.relativePath : parts.slice(parts.length - k).join('/');
    if (free(id)) {
      taken.set(id, file.path);
      return id;
    }
  }
  taken.set(file.path, file.path);
  return file.path;
}

/** Longest first line of a plain text file read as its title. */
const TEXT_TITLE_CHARS = 120;

/**
 * A plain text file's title line: its first line when it stands apart as a title does — a blank line
 * after it, at most TEXT_TITLE_CHARS characters, not ending like a sentence.
 */
function textTitleLine(text: string): string | undefined {
  const m = /^[ \t]*([^\n]+?)[ \t]*\r?\n[ \t]*\r?\n/.exec(text.replace(/^\uFEFF/, ''));
  const line = m?.[1]?.trim();
  if (!line || line.length > TEXT_TITLE_CHARS || /[.!?;:,。！？、]$/u.test(line)) return undefined;
  return line;
}

/**
 * A local document's title: its own (HTML <title>, PDF metadata), else its first heading (for a text
 * file, a first line standing apart), else its file name without the extension — never the absolute
 * path, which showed the person's folders in every report and export that named the document.
 */
export function documentTitle(doc: Pick<ExtractedDocument, 'title' | 'sections' | 'text'>, file: string, contentType?: string): string {
  const own = doc.title?.trim();
  if (own) return own;
  const heading = doc.sections.find((s) => s.headingPath.length > 0)?.headingPath[0]?.trim();
  if (heading) return heading;
  const line = contentType === 'text/plain' ? textTitleLine(doc.text) : undefined;
  if (line) return line;
  return basename(file).replace(/\.[^.]+$/, '') || basename(file);
}
