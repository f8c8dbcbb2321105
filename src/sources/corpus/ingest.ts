// `lyra corpus add`: walks files and folders, turns each file into corpus documents and stores them
// with their FTS index. Unchanged files are skipped before any extraction; a changed file replaces
// its documents (records gone from a JSONL file are removed).
import { readFile, readdir, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  InvalidInputError,
  contentHash,
  errorMessage,
  throwIfAborted,
  type CorpusDocument,
  type Store,
  type TextExtractor,
} from '../../core/index.js';
import { parseDocumentFile } from './document-records.js';

/** Largest file read (bytes); bigger files are reported and skipped. */
export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;
/** Files visited per `add` at most, so a mistaken `/` does not walk the whole disk. */
export const DEFAULT_MAX_FILES = 200_000;
/** Documents written per transaction. */
export const INGEST_BATCH = 1000;

const RECORD_EXTENSIONS = new Set(['.jsonl', '.ndjson', '.json']);
const EXTRACT_TYPES: Record<string, string> = {
  '.html': 'text/html', '.htm': 'text/html', '.xhtml': 'application/xhtml+xml', '.pdf': 'application/pdf',
  '.md': 'text/markdown', '.markdown': 'text/markdown', '.txt': 'text/plain', '.text': 'text/plain',
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
}

export function validateCorpusName(name: string): string {
  if (!CORPUS_NAME_RE.test(name)) {
    throw new InvalidInputError(`corpus name ${JSON.stringify(name)}: expected 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit`, { code: 'invalid_corpus_name' });
  }
  return name;
}

async function collectFiles(paths: string[], maxFiles: number, signal?: AbortSignal): Promise<string[]> {
  const out: string[] = [];
  const visit = async (p: string): Promise<void> => {
    throwIfAborted(signal);
    let s;
    try {
      s = await stat(p);
    } catch (cause) {
      throw new InvalidInputError(`corpus add: cannot read ${p}: ${errorMessage(cause)}`, { code: 'path_unreadable', details: { path: p }, cause });
    }
    if (s.isDirectory()) {
      for (const name of (await readdir(p)).sort()) if (!name.startsWith('.')) await visit(join(p, name));
      return;
    }
    if (out.length >= maxFiles) throw new InvalidInputError(`corpus add: more than ${maxFiles} files under ${paths.join(', ')}; raise corpus.max_files or add a narrower folder`, { code: 'too_many_files' });
    out.push(p);
  };
  for (const p of paths) await visit(resolve(p));
  return out;
}

export async function ingestCorpus(options: IngestOptions): Promise<IngestReport> {
  const { store, extractor, signal } = options;
  const corpus = validateCorpusName(options.name);
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const files = await collectFiles(options.paths, options.maxFiles ?? DEFAULT_MAX_FILES, signal);
  const report: IngestReport = { corpus, files: files.length, inserted: 0, updated: 0, unchanged: 0, removed: 0, skippedFiles: [], failedFiles: [] };
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
  for (const file of files) {
    throwIfAborted(signal);
    const ext = extname(file).toLowerCase();
    const type = EXTRACT_TYPES[ext];
    if (!RECORD_EXTENSIONS.has(ext) && !type) {
      report.skippedFiles.push({ file, reason: `unsupported file type ${ext || '(none)'}` });
      continue;
    }
    try {
      const size = (await stat(file)).size;
      if (size > maxBytes) {
        report.skippedFiles.push({ file, reason: `${size} bytes exceeds corpus.max_file_bytes ${maxBytes}` });
        continue;
      }
      const bytes = await readFile(file, { signal });
      if (RECORD_EXTENSIONS.has(ext)) {
        const records = parseDocumentFile(bytes.toString('utf8'), file);
        const seen = new Set<string>();
        for (const r of records) {
          seen.add(r.id);
          batch.push({ corpus, id: r.id, title: r.title, text: r.text, url: r.url, publishedAt: r.publishedAt, origin: file, contentHash: contentHash(JSON.stringify([r.title, r.text, r.url ?? '', r.publishedAt ?? ''])) });
          if (batch.length >= INGEST_BATCH) flush();
        }
        flush();
        const gone = store.listCorpusDocumentIds(corpus, file).filter((id) => !seen.has(id));
        if (gone.length) report.removed += store.removeCorpusDocuments(corpus, gone);
      } else {
        const hash = contentHash(bytes.toString('base64'));
        if (store.getCorpusDocumentHash(corpus, file) === hash) {
          report.unchanged++;
        } else {
          const url = pathToFileURL(file).href;
          const doc = await extractor.extract({ url, contentType: type!, body: new Uint8Array(bytes), text: type === 'application/pdf' ? undefined : bytes.toString('utf8'), signal });
          if (!doc.text.trim()) throw new InvalidInputError(`${file}: no text could be extracted`, { code: 'empty_document' });
          batch.push({ corpus, id: file, title: doc.title?.trim() || file, text: doc.text, url, publishedAt: doc.publishedAt, origin: file, contentHash: hash });
          if (batch.length >= INGEST_BATCH) flush();
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
