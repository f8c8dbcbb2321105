// One search provider chosen by name, as `lyra search` and the engine use it. Web search is on unless
// web_search.enabled is false (web-search.ts): DuckDuckGo and the browser SERP provider need no
// setting, SearXNG needs its base_url; asking for one that cannot be used is an invalid_input error
// naming the setting.
import { InvalidInputError, type EmbeddingModel, type Fetcher, type SearchHit, type SearchProvider, type Store } from '../core/index.js';
import { createBrowserSerpProvider, createDuckDuckGoProvider, createSearxngProvider } from '../sources/index.js';
import type { LyraConfig } from './config/index.js';
import { searchCorpus } from './corpus/corpus.js';
import { storeLabel } from './open-store.js';
import type { WebProviderName } from './web-search.js';

export type ProviderName = 'corpus' | WebProviderName;

/** Builds a web provider; throws invalid_input naming the setting that is missing or turns it off. */
export function createWebProvider(options: { config: LyraConfig; name: WebProviderName; fetcher: () => Fetcher }): SearchProvider {
  const { config, name } = options;
  const providers = config.raw.providers;
  if (config.raw.web_search?.enabled === false) {
    throw new InvalidInputError(`provider ${name}: web search is off (web_search.enabled: false in ${config.configFile ?? 'lyra.config.yaml'})`, {
      code: 'web_search_off',
      details: { setting: 'web_search.enabled' },
    });
  }
  if (name === 'browser') {
    const engine = config.raw.web_search?.browser_engine;
    return createBrowserSerpProvider({ fetcher: options.fetcher(), ...(engine ? { engine } : {}) });
  }
  if (name === 'searxng') {
    const c = providers?.searxng;
    if (!c)
      throw new InvalidInputError(`provider searxng is not configured: set providers.searxng.base_url in ${config.configFile ?? 'lyra.config.yaml'}`, {
        code: 'provider_not_configured',
        details: { setting: 'providers.searxng.base_url' },
      });
    return createSearxngProvider({ fetcher: options.fetcher(), baseUrl: c.base_url });
  }
  // DuckDuckGo needs no setting: without a providers.duckduckgo section it runs with its defaults.
  const c = providers?.duckduckgo ?? {};
  return createDuckDuckGoProvider({ fetcher: options.fetcher(), ...(c.base_url ? { baseUrl: c.base_url } : {}), ...(c.region ? { region: c.region } : {}) });
}

export async function searchWithProvider(options: {
  config: LyraConfig;
  provider: ProviderName;
  query: string;
  limit: number;
  corpus?: string;
  /** Opens the store when the corpus is searched (undefined when no database exists yet). */
  store: () => Store | undefined;
  /** Builds the HTTP fetcher for web providers. */
  fetcher?: () => Fetcher;
  /** The sentence encoder corpus search ranks by meaning with (Runtime.retrievalEncoder); absent or undefined: BM25 alone. */
  encoder?: () => EmbeddingModel | undefined;
  signal?: AbortSignal;
}): Promise<SearchHit[]> {
  if (options.provider === 'corpus') {
    const store = options.store();
    if (!store)
      throw new InvalidInputError(`search: no corpus yet (the database ${storeLabel(options.config.store)} does not exist); run lyra corpus add first`, {
        code: 'corpus_not_found',
      });
    const encoder = options.encoder?.();
    return searchCorpus({ store, query: options.query, corpus: options.corpus, limit: options.limit, signal: options.signal, ...(encoder ? { encoder } : {}) });
  }
  const fetcher = options.fetcher;
  const provider = createWebProvider({
    config: options.config,
    name: options.provider,
    fetcher: () => {
      if (!fetcher) throw new InvalidInputError(`search: provider ${options.provider} needs the HTTP fetcher`, { code: 'fetcher_missing' });
      return fetcher();
    },
  });
  return provider.search({ query: options.query, limit: options.limit, signal: options.signal });
}
