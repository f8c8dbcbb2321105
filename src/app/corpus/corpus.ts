// Local corpora as the CLI and the engine use them: ingest files, list, remove, search.
import type { EmbeddingModel, SearchHit, Store, TrustLevel } from '../../core/index.js';
import { InvalidInputError } from '../../core/index.js';
import { createTextExtractor } from '../../extract/index.js';
import { createCorpusSearchProvider, ingestCorpus, validateCorpusName, type IngestProgress, type IngestReport } from '../../sources/index.js';
import { ensureBuiltinCorpus } from './builtin-corpora.js';
import { textExtractorOptions } from '../tasks/extract-source.js';
import type { LyraConfig } from '../config/index.js';

export async function addToCorpus(options: {
  store: Store;
  config: LyraConfig;
  name: string;
  paths: string[];
  /** Trust level of the corpus's URL-less documents; kept when omitted on a later add. */
  trustLevel?: TrustLevel;
  /** Follow symbolic links leading outside the added folders (`--follow-symlinks`). */
  followSymlinks?: boolean;
  /** The column of CSV/TSV files holding the text (`--text-column`). */
  textColumn?: string;
  signal?: AbortSignal;
  onProgress?: (p: IngestProgress) => void;
}): Promise<IngestReport> {
  if (options.paths.length === 0) throw new InvalidInputError('corpus add: name at least one file or folder', { code: 'missing_argument' });
  const limits = options.config.raw.corpus;
  const report = await ingestCorpus({
    store: options.store,
    extractor: createTextExtractor(textExtractorOptions(options.config)),
    name: options.name,
    paths: options.paths,
    signal: options.signal,
    maxFileBytes: limits?.max_file_bytes,
    maxFiles: limits?.max_files,
    followSymlinks: options.followSymlinks === true,
    ...(options.textColumn !== undefined ? { textColumn: options.textColumn } : {}),
    onProgress: options.onProgress,
  });
  if (options.trustLevel !== undefined && options.store.listCorpora().some((c) => c.name === options.name))
    options.store.setCorpusTrustLevel(options.name, options.trustLevel);
  return report;
}

export function removeCorpusNamed(store: Store, name: string): number {
  validateCorpusName(name);
  if (!store.listCorpora().some((c) => c.name === name)) {
    throw new InvalidInputError(`corpus remove: no corpus named ${JSON.stringify(name)} (see lyra corpus list)`, {
      code: 'corpus_not_found',
      details: { name },
    });
  }
  return store.removeCorpus(name);
}

/** Searches the local corpus (all corpora, or one by name, which must exist). */
export async function searchCorpus(options: {
  store: Store;
  query: string;
  corpus?: string;
  limit: number;
  /** Ranks by meaning too (corpus.ranking: hybrid); absent: BM25 alone. */
  encoder?: EmbeddingModel;
  signal?: AbortSignal;
}): Promise<SearchHit[]> {
  if (options.corpus !== undefined) await ensureBuiltinCorpus({ store: options.store, name: options.corpus, signal: options.signal });
  if (options.corpus !== undefined && !options.store.listCorpora().some((c) => c.name === options.corpus)) {
    throw new InvalidInputError(`search: no corpus named ${JSON.stringify(options.corpus)} (see lyra corpus list)`, {
      code: 'corpus_not_found',
      details: { corpus: options.corpus },
    });
  }
  const provider = createCorpusSearchProvider({
    store: options.store,
    ...(options.corpus !== undefined ? { corpus: options.corpus } : {}),
    ...(options.encoder ? { dense: { encoder: options.encoder } } : {}),
  });
  return provider.search({ query: options.query, limit: options.limit, signal: options.signal });
}
