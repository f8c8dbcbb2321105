// Mechanical query expansion only (seed 002): Lyra never designs queries. It applies operators the
// client asked for, mirrors a query into the other language when a translator is configured, adds
// WordNet synonym queries for English (normal mode; a bounded number), and in refute mode appends the
// seed's critique vocabulary. Nothing else.
import { detectLanguage } from '../extract/language.js';
import type { QueryOrigin, Thesaurus, Translator } from '../core/index.js';
import { synonymQueries } from './synonym-queries.js';

/** Critique vocabulary appended in refute mode (seed 002 反証探索: 機械パターン適用; seed 001 批判語彙). */
export const REFUTE_SUFFIXES: Readonly<Record<'en' | 'ja', readonly string[]>> = {
  en: ['criticism', 'limitation', 'rebuttal', 'controversy', 'no effect', 'failed to replicate'],
  ja: ['批判', '問題点', '反論', '限界', '効果なし', '再現性'],
};

/** Most expanded queries produced from one client query. */
export const MAX_EXPANSIONS = 8;

/** The query translator (core/interfaces/models.ts), re-exported for the pipeline's users. */
export type { Translator };

export interface ExpandedQuery {
  text: string;
  origin: QueryOrigin;
  /** What produced it: `client`, `refute:<suffix>`, `mirror:<lang>`, `synonym:<term>=<synonym>`, `operator:site`. */
  rule: string;
}

export interface ExpansionResult {
  queries: ExpandedQuery[];
  warnings: string[];
}

export interface ExpandOptions {
  query: string;
  refute?: boolean;
  /** Mirror the query into the other language (needs a translator). */
  mirror?: boolean;
  /** Restrict to these sites with `site:` operators, one query each. */
  sites?: string[];
  translator?: Translator;
  /**
   * Synonym queries for English bases in normal mode (refute mode appends its critique vocabulary
   * instead): at most `max` per client query, one term replaced in each (synonym-queries.ts).
   */
  synonyms?: { max: number; thesaurus?: Thesaurus };
  maxExpansions?: number;
  signal?: AbortSignal;
}

export async function expandQuery(options: ExpandOptions): Promise<ExpansionResult> {
  const max = options.maxExpansions ?? MAX_EXPANSIONS;
  const warnings: string[] = [];
  const base = options.query.trim();
  const lang = detectLanguage(base);
  const out: ExpandedQuery[] = [{ text: base, origin: 'client', rule: 'client' }];
  const bases: Array<{ text: string; lang: 'en' | 'ja' }> = [{ text: base, lang }];

  if (options.mirror) {
    const to = lang === 'ja' ? 'en' : 'ja';
    if (!options.translator) {
      warnings.push(
        `mirror query into ${to} skipped: no model can translate (configure models.llm in lyra.config.yaml, or set pipeline.mirror_queries: false)`,
      );
    } else {
      let mirrored = '';
      try {
        mirrored = (await options.translator.translate({ text: base, to, signal: options.signal })).trim();
      } catch (err) {
        // The mirror is an extra query: its failure is reported and the client's query still runs.
        if (options.signal?.aborted) throw err;
        warnings.push(`mirror query into ${to} skipped: ${options.translator.name} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (mirrored && mirrored !== base) {
        out.push({ text: mirrored, origin: 'expansion', rule: `mirror:${to}` });
        bases.push({ text: mirrored, lang: to });
      }
    }
  }
  const syn = options.synonyms;
  if (syn && syn.max > 0 && !options.refute) {
    if (!syn.thesaurus) warnings.push('synonym queries skipped: no thesaurus is configured (set pipeline.synonym_queries: 0 to turn them off)');
    else {
      let left = syn.max;
      for (const b of bases) {
        if (b.lang !== 'en' || left <= 0) continue;
        for (const q of synonymQueries(b.text, syn.thesaurus, left)) {
          out.push({ text: q.text, origin: 'expansion', rule: q.rule });
          left--;
        }
      }
    }
  }
  for (const site of options.sites ?? []) {
    for (const b of bases) out.push({ text: `${b.text} site:${site}`, origin: 'expansion', rule: 'operator:site' });
  }
  if (options.refute) {
    for (const b of bases) {
      for (const suffix of REFUTE_SUFFIXES[b.lang]) out.push({ text: `${b.text} ${suffix}`, origin: 'refutation', rule: `refute:${suffix}` });
    }
  }
  const seen = new Set<string>();
  const unique = out.filter((q) => !seen.has(q.text) && seen.add(q.text));
  if (unique.length > max) warnings.push(`query expansion produced ${unique.length} queries; kept the first ${max} (maxExpansions)`);
  return { queries: unique.slice(0, max), warnings };
}
