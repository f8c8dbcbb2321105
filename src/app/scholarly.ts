// Scholarly sources built from the `scholarly` section of lyra.config.yaml, and the three operations
// the CLI and the engine use: search papers, look one paper up, list its references or citations.
// Every public API is on by default (no account needed); a section with `enabled: false` turns one off.
import { InvalidInputError, type EventSink, type Fetcher, type ScholarlySource } from '../core/index.js';
import {
  ARXIV_NAME,
  CROSSREF_NAME,
  OPENALEX_NAME,
  PUBMED_NAME,
  SEMANTIC_SCHOLAR_NAME,
  collectCitations,
  createArxivSource,
  createCrossrefSource,
  createOpenAlexSource,
  createPubmedSource,
  createSemanticScholarSource,
  createUnpaywallLocator,
  lookupPaper,
  parseScholarlyId,
  searchAll,
  type CitationDirection,
  type CitationsResult,
  type LookupPaperResult,
  type OpenAccessLocator,
  type SearchAllResult,
} from '../sources/index.js';
import type { LyraConfig } from './config/index.js';

export const SCHOLARLY_SOURCE_NAMES = [SEMANTIC_SCHOLAR_NAME, OPENALEX_NAME, CROSSREF_NAME, ARXIV_NAME, PUBMED_NAME] as const;
export type ScholarlySourceName = (typeof SCHOLARLY_SOURCE_NAMES)[number];

/** Short names accepted on the command line. */
export const SCHOLARLY_SOURCE_ALIASES: Readonly<Record<string, ScholarlySourceName>> = {
  s2: SEMANTIC_SCHOLAR_NAME,
  semantic_scholar: SEMANTIC_SCHOLAR_NAME,
  semanticscholar: SEMANTIC_SCHOLAR_NAME,
  openalex: OPENALEX_NAME,
  crossref: CROSSREF_NAME,
  arxiv: ARXIV_NAME,
  pubmed: PUBMED_NAME,
};

export interface ScholarlySetup {
  /** Enabled sources in the fixed order of SCHOLARLY_SOURCE_NAMES. */
  sources: ScholarlySource[];
  /** Unpaywall, when `scholarly.unpaywall.email` is set. */
  openAccess?: OpenAccessLocator;
  /** Sources switched off with `enabled: false`. */
  disabled: ScholarlySourceName[];
  /** Time budget of one source in one multi-source call (`scholarly.timeout_ms`). */
  timeoutMs?: number;
}

const rps = (v: number | undefined): { requestsPerSecond?: number } => (v === undefined ? {} : { requestsPerSecond: v });
const opt = <K extends string, V>(key: K, v: V | undefined): Partial<Record<K, V>> => (v === undefined ? {} : ({ [key]: v } as Record<K, V>));

/** Builds the enabled scholarly clients over one fetcher. */
export function createScholarlySources(options: { config: LyraConfig; fetcher: Fetcher }): ScholarlySetup {
  const s = options.config.raw.scholarly ?? {};
  const fetcher = options.fetcher;
  const build: Record<ScholarlySourceName, () => ScholarlySource> = {
    semantic_scholar: () =>
      createSemanticScholarSource({
        fetcher,
        ...opt('baseUrl', s.semantic_scholar?.base_url),
        ...opt('apiKey', s.semantic_scholar?.api_key),
        ...rps(s.semantic_scholar?.requests_per_second),
      }),
    openalex: () =>
      createOpenAlexSource({
        fetcher,
        ...opt('baseUrl', s.openalex?.base_url),
        ...opt('mailto', s.openalex?.mailto),
        ...opt('apiKey', s.openalex?.api_key),
        ...rps(s.openalex?.requests_per_second),
      }),
    crossref: () =>
      createCrossrefSource({ fetcher, ...opt('baseUrl', s.crossref?.base_url), ...opt('mailto', s.crossref?.mailto), ...rps(s.crossref?.requests_per_second) }),
    arxiv: () => createArxivSource({ fetcher, ...opt('baseUrl', s.arxiv?.base_url), ...rps(s.arxiv?.requests_per_second) }),
    pubmed: () =>
      createPubmedSource({
        fetcher,
        ...opt('baseUrl', s.pubmed?.base_url),
        ...opt('apiKey', s.pubmed?.api_key),
        ...opt('email', s.pubmed?.email),
        ...rps(s.pubmed?.requests_per_second),
      }),
  };
  const sources: ScholarlySource[] = [];
  const disabled: ScholarlySourceName[] = [];
  for (const name of SCHOLARLY_SOURCE_NAMES) {
    if (s[name]?.enabled === false) disabled.push(name);
    else sources.push(build[name]());
  }
  const u = s.unpaywall;
  return {
    sources,
    disabled,
    ...(u?.email ? { openAccess: createUnpaywallLocator({ fetcher, email: u.email, ...opt('baseUrl', u.base_url), ...rps(u.requests_per_second) }) } : {}),
    ...opt('timeoutMs', s.timeout_ms),
  };
}

/**
 * The sources a caller named (`s2`, `openalex`, … or `all`). A name that is unknown is invalid input;
 * one switched off in config is invalid input naming the setting that turns it on.
 */
export function selectScholarlySources(setup: ScholarlySetup, names: string[]): ScholarlySource[] {
  if (names.length === 0 || names.includes('all')) {
    if (setup.sources.length === 0)
      throw new InvalidInputError('every scholarly source is disabled in config (scholarly.*.enabled: false)', { code: 'no_sources' });
    return setup.sources;
  }
  const out: ScholarlySource[] = [];
  for (const raw of names) {
    const name = SCHOLARLY_SOURCE_ALIASES[raw.toLowerCase()];
    if (!name)
      throw new InvalidInputError(`unknown scholarly source ${JSON.stringify(raw)} (expected ${Object.keys(SCHOLARLY_SOURCE_ALIASES).join(', ')} or all)`, {
        code: 'source_unknown',
        details: { source: raw },
      });
    const source = setup.sources.find((s) => s.name === name);
    if (!source)
      throw new InvalidInputError(`scholarly source ${name} is disabled: set scholarly.${name}.enabled to true`, {
        code: 'provider_not_configured',
        details: { setting: `scholarly.${name}.enabled` },
      });
    if (!out.includes(source)) out.push(source);
  }
  return out;
}

export interface ScholarlyCallOptions {
  setup: ScholarlySetup;
  signal?: AbortSignal;
  events?: EventSink;
}

export function searchPapers(options: ScholarlyCallOptions & { query: string; sources?: string[]; limit: number }): Promise<SearchAllResult> {
  return searchAll({
    sources: selectScholarlySources(options.setup, options.sources ?? []),
    query: options.query,
    limit: options.limit,
    ...opt('timeoutMs', options.setup.timeoutMs),
    ...opt('signal', options.signal),
    ...opt('events', options.events),
  });
}

export function getPaper(options: ScholarlyCallOptions & { id: string }): Promise<LookupPaperResult> {
  return lookupPaper({
    id: parseScholarlyId(options.id),
    sources: selectScholarlySources(options.setup, []),
    ...opt('openAccess', options.setup.openAccess),
    ...opt('timeoutMs', options.setup.timeoutMs),
    ...opt('signal', options.signal),
    ...opt('events', options.events),
  });
}

export function getCitations(options: ScholarlyCallOptions & { id: string; direction: CitationDirection; limit: number }): Promise<CitationsResult> {
  return collectCitations({
    id: options.id,
    direction: options.direction,
    sources: selectScholarlySources(options.setup, []),
    limit: options.limit,
    ...opt('timeoutMs', options.setup.timeoutMs),
    ...opt('signal', options.signal),
    ...opt('events', options.events),
  });
}
