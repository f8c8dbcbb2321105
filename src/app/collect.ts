// `lyra collect` and the engine's collect call: builds the primary collector (web and corpus providers,
// scholarly sources), the URL verifier, the LLM and a checkpoint file from the configuration, and runs
// workflows/collect. The checkpoint is `<out>.checkpoint.json` beside the output file: written after
// query generation and after every query, removed once the output is written; a re-run with the same
// --out resumes from it.
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import {
  InvalidInputError, NonRetryableError, type EventSink, type ScholarlySource, type SearchProvider, type Store,
} from '../core/index.js';
// The chat client file directly: models/index.ts is not in the repository yet.
import { chatClientOf } from './llm.js';
import type { HostResolver } from '../net/index.js';
import { createCorpusSearchProvider } from '../sources/index.js';
import {
  MAX_OUTLINE_CHARS, collectPrimarySources, parseOutline,
  type CheckpointStore, type CollectInput, type Sleep, type Step5Output,
} from '../workflows/index.js';
import { ensureBuiltinCorpus, listBuiltinCorpora } from './builtin-corpora.js';
import { createDomainPolicySource, readTextFile, type LyraConfig } from './config/index.js';
import { createFetcher } from './fetcher.js';
import { openExistingStore, openOrCreateStore } from './open-store.js';
import { createScholarlySources, selectScholarlySources } from './scholarly.js';
import { createWebProvider, type ProviderName } from './search.js';
import { webSearchPlan } from './web-search.js';

export const COLLECT_PROVIDER_NAMES = ['searxng', 'duckduckgo', 'corpus'] as const;
/** Suffix of the checkpoint file kept beside `--out`. */
export const CHECKPOINT_SUFFIX = '.checkpoint.json';

export interface RunCollectInput extends Omit<CollectInput, 'outline'> {
  /** Outline section headings; or give `outlineFile`. */
  outline?: string[];
  /** Markdown (headings), plain text (one section a line) or JSON outline file. */
  outlineFile?: string;
  /**
   * Web / corpus providers to use. With none of providers, corpus and scholarly given, every configured
   * web provider and every enabled scholarly source is used; naming any of them uses only what is named.
   */
  providers?: ProviderName[];
  /** A corpus to search (implies the corpus provider); built-in corpora are indexed on first use. */
  corpus?: string;
  /** Scholarly sources by name (`s2`, `openalex`, `crossref`, `arxiv`, `pubmed`), `all`, or `none`. */
  scholarly?: string[];
  /** Output file; its checkpoint is `<out>.checkpoint.json`. Without it there are no checkpoints. */
  out?: string;
  /** Discard an existing checkpoint and start over. */
  fresh?: boolean;
}

export interface RunCollectOverrides {
  events?: EventSink;
  /** Waits between attempts (tests: return at once). */
  sleep?: Sleep;
  /** DNS override for the fetcher (tests: virtual hosts on a loopback server). */
  resolver?: HostResolver;
}

export interface RunCollectResult {
  output: Step5Output;
  /** The file written, when `out` was given. */
  outFile?: string;
}

export function checkpointPathFor(out: string): string {
  return `${out}${CHECKPOINT_SUFFIX}`;
}

/** A checkpoint in one JSON file, replaced atomically (write a temporary file, then rename). */
export function createFileCheckpointStore(path: string): CheckpointStore {
  return {
    location: path,
    async load() {
      if (!existsSync(path)) return undefined;
      const text = readTextFile(path, 'checkpoint');
      try {
        return JSON.parse(text) as unknown;
      } catch (cause) {
        throw new NonRetryableError(`collect: checkpoint ${path} is not JSON (${(cause as Error).message}); delete it or pass --fresh`, { code: 'checkpoint_invalid', details: { location: path }, cause });
      }
    },
    async save(checkpoint) {
      writeJsonAtomic(path, checkpoint, false);
    },
  };
}

function writeJsonAtomic(path: string, value: unknown, pretty: boolean): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, pretty ? 2 : undefined)}\n`);
  renameSync(tmp, path);
}

/** Reads an outline file (format from its extension: .json, .md/.markdown, else detected). */
export function readOutlineFile(path: string): string[] {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (cause) {
    throw new InvalidInputError(`cannot read outline ${path}: ${(cause as Error).message}`, { code: 'file_unreadable', details: { file: path }, cause });
  }
  // UTF-8 is at most 4 bytes a character: a larger file cannot fit the character limit.
  if (size > MAX_OUTLINE_CHARS * 4) throw new InvalidInputError(`outline ${path}: ${size} bytes is too large`, { code: 'outline_too_large', details: { file: path } });
  const ext = extname(path).toLowerCase();
  const format = ext === '.json' ? 'json' : ext === '.md' || ext === '.markdown' ? 'markdown' : undefined;
  return parseOutline(readTextFile(path, 'outline'), { source: path, ...(format ? { format } : {}) });
}


function openCorpusStore(config: LyraConfig, corpus: string | undefined): Store {
  const builtin = corpus !== undefined && listBuiltinCorpora().some((c) => c.name === corpus);
  const store = builtin ? openOrCreateStore(config.store.path) : openExistingStore(config.store.path);
  if (!store) throw new InvalidInputError(`collect: no corpus yet (the database ${config.store.path} does not exist); run lyra corpus add first`, { code: 'corpus_not_found' });
  return store;
}

/**
 * Collects primary sources as configured. Writes `out` (pretty JSON) when given and keeps checkpoints
 * beside it. Errors are those of collectPrimarySources plus invalid_input for a provider that is
 * named but not configured, an unknown corpus, or an unreadable outline.
 */
export async function runCollect(config: LyraConfig, input: RunCollectInput, overrides: RunCollectOverrides = {}): Promise<RunCollectResult> {
  const { outlineFile, providers, corpus, scholarly, out, fresh, ...rest } = input;
  if (input.outline && outlineFile) throw new InvalidInputError('collect: give the outline as sections or as a file, not both', { code: 'invalid_argument' });
  const outline = outlineFile ? readOutlineFile(outlineFile) : input.outline;
  for (const p of providers ?? []) {
    if (!(COLLECT_PROVIDER_NAMES as readonly string[]).includes(p)) throw new InvalidInputError(`collect: unknown provider ${JSON.stringify(p)} (expected ${COLLECT_PROVIDER_NAMES.join(', ')})`, { code: 'provider_unknown' });
  }
  const explicit = providers !== undefined || corpus !== undefined || scholarly !== undefined;
  // The web providers in use (web-search.ts); collect reads SERPs over plain HTTP, so the browser SERP provider stands as DuckDuckGo's HTML endpoint.
  const configured = [...new Set(webSearchPlan(config).providers.map((n) => (n === 'browser' ? 'duckduckgo' : n)))];
  const webNames = explicit ? (['searxng', 'duckduckgo'] as const).filter((n) => providers?.includes(n)) : configured;
  const useCorpus = corpus !== undefined || providers?.includes('corpus') === true;

  const events = overrides.events;
  const policy = createDomainPolicySource({ ...config.domains, watch: false, ...(events ? { events } : {}) });
  const fetcher = createFetcher({ config, policy, ...(events ? { events } : {}), ...(overrides.resolver ? { resolver: overrides.resolver } : {}) });
  let store: Store | undefined;
  try {
    const searchProviders: SearchProvider[] = webNames.map((name) => createWebProvider({ config, name, fetcher: () => fetcher }));
    if (useCorpus) {
      store = openCorpusStore(config, corpus);
      if (corpus !== undefined) {
        await ensureBuiltinCorpus({ store, name: corpus, ...(input.signal ? { signal: input.signal } : {}) });
        if (!store.listCorpora().some((c) => c.name === corpus)) throw new InvalidInputError(`collect: no corpus named ${JSON.stringify(corpus)} (see lyra corpus list)`, { code: 'corpus_not_found', details: { corpus } });
      }
      searchProviders.push(createCorpusSearchProvider({ store, ...(corpus !== undefined ? { corpus } : {}) }));
    }
    const setup = createScholarlySources({ config, fetcher });
    const scholarlySources: ScholarlySource[] = !explicit ? setup.sources : scholarly === undefined || scholarly.includes('none') ? [] : selectScholarlySources(setup, scholarly);

    const checkpointFile = out ? checkpointPathFor(out) : undefined;
    if (checkpointFile && fresh) rmSync(checkpointFile, { force: true });
    const openStore = store;
    const llm = input.queryMode === 'template' ? undefined : chatClientOf(config);
    const output = await collectPrimarySources(
      {
        searchProviders,
        scholarlySources,
        fetcher,
        ...(openStore ? { corpusDocumentExists: (ref: { corpus: string; id: string }) => openStore.getCorpusDocument(ref.corpus, ref.id) !== undefined } : {}),
        ...(llm ? { llm } : {}),
        ...(checkpointFile ? { checkpoints: createFileCheckpointStore(checkpointFile) } : {}),
        ...(events ? { events } : {}),
        ...(overrides.sleep ? { sleep: overrides.sleep } : {}),
      },
      { ...rest, ...(outline ? { outline } : {}) },
    );
    if (out) {
      writeJsonAtomic(out, output, true);
      // The output is now the record of the run; a later run with this --out starts afresh.
      rmSync(checkpointFile!, { force: true });
    }
    return { output, ...(out ? { outFile: out } : {}) };
  } finally {
    store?.close();
    await fetcher.close();
    policy.close();
  }
}
