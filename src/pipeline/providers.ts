// Which providers a task or a query asks: names as users write them (`searxng`, `duckduckgo`,
// `corpus`, `corpus:<name>`, `semantic_scholar`/`s2`, `openalex`, `crossref`, `arxiv`, `pubmed`),
// checked against what is configured. Nothing usable is a non_retryable error at task start
// (seed 003 1.2: a required tool missing is explicit, never a silent empty result).
import { InvalidInputError, NonRetryableError, type ScholarlySource, type SearchProvider } from '../core/index.js';
import { SEMANTIC_SCHOLAR_NAME } from '../sources/index.js';
import type { PipelineDeps } from './deps.js';

const ALIASES: Readonly<Record<string, string>> = { s2: SEMANTIC_SCHOLAR_NAME, semanticscholar: SEMANTIC_SCHOLAR_NAME };

export interface ProviderSelection {
  /** SERP providers (web and corpus), in the order named. */
  serp: Array<{ name: string; provider: SearchProvider }>;
  /** Scholarly sources selected, in the configured order. */
  scholarly: ScholarlySource[];
  /**
   * Whether scholarly sources are enabled but the task named none of them (`--corpus NAME` alone, say):
   * the user's choice, so the phases that would use one skip without a warning. False when none is
   * enabled at all, which `no_scholarly_source` reports.
   */
  scholarlyLeftOut: boolean;
}

function corporaNames(deps: PipelineDeps): string[] {
  return deps.store.listCorpora().map((c) => c.name);
}

/** Every configured provider: web providers, `corpus` when a corpus exists, enabled scholarly sources. */
export function defaultProviders(deps: PipelineDeps): string[] {
  return [...Object.keys(deps.webProviders), ...(corporaNames(deps).length > 0 ? ['corpus'] : []), ...deps.scholarly.sources.map((s) => s.name)];
}

/** Normalizes and checks names; unknown or unconfigured names are invalid input naming the setting. */
export function normalizeProviders(deps: PipelineDeps, names: string[]): string[] {
  const out: string[] = [];
  for (const raw of names
    .flatMap((n) => n.split(','))
    .map((n) => n.trim())
    .filter(Boolean)) {
    const lower = raw.toLowerCase();
    let name: string;
    if (lower === 'corpus') {
      if (corporaNames(deps).length === 0)
        throw new InvalidInputError('provider corpus: no local corpus exists yet (lyra corpus add <name> <files>)', { code: 'corpus_not_found' });
      name = 'corpus';
    } else if (lower.startsWith('corpus:')) {
      const corpus = raw.slice('corpus:'.length);
      if (!corporaNames(deps).includes(corpus))
        throw new InvalidInputError(`provider ${raw}: no corpus named ${JSON.stringify(corpus)} (see lyra corpus list)`, {
          code: 'corpus_not_found',
          details: { corpus },
        });
      name = `corpus:${corpus}`;
    } else if (Object.hasOwn(deps.webProviders, lower)) {
      // hasOwn: a name such as `constructor` is no provider, whatever Object.prototype holds.
      name = lower;
    } else if (lower === 'searxng' || lower === 'duckduckgo' || lower === 'browser') {
      // Web providers in use: those configured in `providers`, else the zero-config one; none with web_search.enabled: false.
      const setting = lower === 'browser' ? 'web_search.provider' : `providers.${lower}`;
      const how = lower === 'browser' ? 'set web_search.provider: browser with no providers section (Chromium needed)' : `add a providers.${lower} section`;
      throw new InvalidInputError(
        `provider ${lower} is not in use: ${how} in lyra.config.yaml, and keep web_search.enabled true (lyra doctor lists the web providers in use)`,
        { code: 'provider_not_configured', details: { setting } },
      );
    } else {
      const scholarly = Object.hasOwn(ALIASES, lower) ? ALIASES[lower]! : lower;
      if (deps.scholarly.sources.some((s) => s.name === scholarly)) name = scholarly;
      else if (deps.scholarly.disabled.includes(scholarly)) {
        throw new InvalidInputError(`scholarly source ${scholarly} is disabled: set scholarly.${scholarly}.enabled to true`, {
          code: 'provider_not_configured',
          details: { setting: `scholarly.${scholarly}.enabled` },
        });
      } else {
        throw new InvalidInputError(
          `unknown provider ${JSON.stringify(raw)} (expected corpus, corpus:<name>, searxng, duckduckgo, browser, semantic_scholar, openalex, crossref, arxiv or pubmed)`,
          { code: 'provider_unknown', details: { provider: raw } },
        );
      }
    }
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/** The task's providers: the named ones (checked) or every configured one; none usable is non_retryable. */
export function resolveTaskProviders(deps: PipelineDeps, names: string[] | undefined): string[] {
  const providers = names && names.length > 0 ? normalizeProviders(deps, names) : defaultProviders(deps);
  if (providers.length === 0) {
    throw new NonRetryableError(
      'no search provider is usable: turn web search on (remove web_search.enabled: false, or configure providers.searxng or providers.duckduckgo in lyra.config.yaml), add a local corpus (lyra corpus add), or enable a scholarly source (scholarly.*.enabled)',
      { code: 'no_search_provider' },
    );
  }
  return providers;
}

export function selectProviders(deps: PipelineDeps, names: string[]): ProviderSelection {
  const serp: ProviderSelection['serp'] = [];
  for (const name of names) {
    if (name === 'corpus') serp.push({ name, provider: deps.corpusProvider() });
    else if (name.startsWith('corpus:')) serp.push({ name, provider: deps.corpusProvider(name.slice('corpus:'.length)) });
    else if (deps.webProviders[name]) serp.push({ name, provider: deps.webProviders[name]! });
  }
  const scholarly = deps.scholarly.sources.filter((s) => names.includes(s.name));
  return { serp, scholarly, scholarlyLeftOut: scholarly.length === 0 && deps.scholarly.sources.length > 0 };
}
