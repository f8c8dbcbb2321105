// Phase 1 (seed 000 改善後のフロー): the SERP is always asked. Mechanical expansion only (seed 002),
// every selected web/corpus provider in parallel; a failing provider is a warning, all failing is the
// query's error (retryable when any failure was). Hits are de-duplicated by normalized URL and carry
// the identifiers (DOI/PMID/arXiv) read from their URL, title and snippet.
import { errorMessage, isLyraError, type EngineWarning, type SearchHit } from '../../core/index.js';
import { errorOfCategory, formatScholarlyId, identifiersInSearchHit } from '../../sources/index.js';
import { pageUrl } from '../page-records.js';
import { expandQuery } from '../query-expansion.js';
import type { QueryContext } from '../query-context.js';
import { loadUsage, warning } from '../task-state.js';

export interface HitRecord {
  url: string;
  title: string;
  snippet: string;
  /** Position in the merged list (0-based). */
  rank: number;
  provider: string;
  sentQuery: string;
  corpus?: string;
  docId?: string;
  publishedAt?: string;
  /** Scholarly identifiers seen in the hit, as `kind:value`. */
  ids: string[];
}

export interface SerpOutput {
  sentQueries: string[];
  hits: HitRecord[];
  /** Items returned by all providers before de-duplication. */
  resultsFound: number;
  /** Items dropped as duplicates of an earlier item of this query. */
  duplicates: number;
  warnings: EngineWarning[];
}

export function errorWarning(source: string, err: unknown, target?: string): EngineWarning {
  const e = isLyraError(err) ? err : undefined;
  return warning({
    source,
    category: e?.category ?? 'retryable',
    code: e?.code ?? 'unexpected',
    message: errorMessage(err),
    ...(target !== undefined ? { target } : {}),
  });
}

export async function runSerpPhase(ctx: QueryContext): Promise<SerpOutput> {
  const { input, selection, limits, task } = ctx;
  const empty: SerpOutput = { sentQueries: [], hits: [], resultsFound: 0, duplicates: 0, warnings: [] };
  if (input.kind !== 'query') return { ...empty, sentQueries: [] };
  const warnings: EngineWarning[] = [];
  const expansion = await expandQuery({
    query: input.value,
    refute: input.refute,
    // As recorded (a worker runs what the recording process asked for), else this engine's limits.
    mirror: input.expansion?.mirror ?? limits.mirrorQueries,
    ...(ctx.deps.translator ? { translator: ctx.deps.translator } : {}),
    synonyms: { max: input.expansion?.synonyms ?? limits.synonymQueries, ...(ctx.deps.thesaurus ? { thesaurus: ctx.deps.thesaurus } : {}) },
    maxExpansions: limits.maxExpansions,
    signal: ctx.signal,
  });
  for (const w of expansion.warnings)
    warnings.push(warning({ source: 'query-expansion', category: 'warning', code: 'expansion', message: w, target: input.value }));
  const left = task.budget.maxQueries - loadUsage(ctx.deps.store, task.id).queriesSent;
  let sent = expansion.queries.map((q) => q.text);
  if (sent.length > left) {
    warnings.push(ctx.budget.exhaustedWarning(`${sent.length - Math.max(0, left)} of ${sent.length} queries not sent`));
    sent = sent.slice(0, Math.max(0, left));
  }
  if (selection.serp.length === 0 || sent.length === 0) return { ...empty, sentQueries: selection.serp.length === 0 ? [] : sent, warnings };

  const calls = sent.flatMap((text) => selection.serp.map((p) => ({ text, ...p })));
  const results = await Promise.all(
    calls.map(async (c): Promise<SearchHit[] | Error> => {
      try {
        return await c.provider.search({ query: c.text, limit: limits.serpLimit, ...(task.language ? { language: task.language } : {}), signal: ctx.signal });
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        warnings.push(errorWarning(c.name, err, c.text));
        return err instanceof Error ? err : new Error(errorMessage(err));
      }
    }),
  );
  const failures = results.filter((r): r is Error => r instanceof Error);
  if (failures.length === calls.length) {
    const retryable = failures.some((e) => !isLyraError(e) || e.category === 'retryable');
    const message = `every search provider failed for ${JSON.stringify(input.value)}: ${calls.map((c, i) => `${c.name}: ${errorMessage(results[i])}`).join('; ')}`;
    const category = retryable ? 'retryable' : (failures.find(isLyraError)?.category ?? 'non_retryable');
    throw errorOfCategory(category, message, { code: 'all_providers_failed' });
  }

  const hits: HitRecord[] = [];
  const seen = new Set<string>();
  let found = 0;
  let duplicates = 0;
  results.forEach((r, i) => {
    if (r instanceof Error) return;
    const call = calls[i]!;
    for (const h of r) {
      found += 1;
      let url: string;
      try {
        url = pageUrl(h.url);
      } catch (err) {
        warnings.push(errorWarning(call.name, err, h.url));
        continue;
      }
      if (seen.has(url)) {
        duplicates += 1;
        continue;
      }
      seen.add(url);
      hits.push({
        url,
        title: h.title,
        snippet: h.snippet,
        rank: hits.length,
        provider: call.name,
        sentQuery: call.text,
        ...(h.corpus ? { corpus: h.corpus } : {}),
        ...(h.id ? { docId: h.id } : {}),
        ...(h.publishedAt ? { publishedAt: h.publishedAt } : {}),
        ids: identifiersInSearchHit(h).map(formatScholarlyId),
      });
    }
  });
  return { sentQueries: sent, hits, resultsFound: found, duplicates, warnings };
}
