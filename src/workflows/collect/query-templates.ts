// Query generation by documented templates: a fixed, visible strategy chosen by the caller (or used
// when no LLM is configured) — never a substitute for a failed LLM answer (seed 003 §1).
//
// In the keyword's language (Japanese when the keyword and outline are mostly Japanese script):
//   1. one query per primary-source kind:  en "<kw> statistics", "<kw> government report",
//      "<kw> systematic review";  ja "<kw> 統計", "<kw> 白書", "<kw> 論文"
//   2. one query per outline section:      "<kw> <section>" (the section alone when it already
//      contains the keyword)
// Queries are de-duplicated (case-insensitive) and cut at `maxQueries`, kinds first.
import { detectLanguage } from '../../extract/index.js';

export interface PlannedQuery {
  query: string;
  /** The outline section the query was written for, if any. */
  section?: string;
}

export const KIND_TEMPLATES: Readonly<Record<'en' | 'ja', readonly string[]>> = {
  en: ['{kw} statistics', '{kw} government report', '{kw} systematic review'],
  ja: ['{kw} 統計', '{kw} 白書', '{kw} 論文'],
};

/** Whitespace folded, trimmed; the form queries are compared and stored in. */
export function normalizeQueryText(query: string): string {
  return query.replace(/\s+/g, ' ').trim();
}

/** Keeps the first of queries equal up to case and spacing, at most `max`; returns the kept and the dropped count. */
export function uniqueQueries(queries: PlannedQuery[], max: number): { kept: PlannedQuery[]; dropped: number } {
  const seen = new Set<string>();
  const kept: PlannedQuery[] = [];
  let dropped = 0;
  for (const q of queries) {
    const query = normalizeQueryText(q.query);
    const key = query.toLowerCase();
    if (!query || seen.has(key)) continue;
    seen.add(key);
    if (kept.length >= max) {
      dropped++;
      continue;
    }
    kept.push(q.section === undefined ? { query } : { query, section: q.section });
  }
  return { kept, dropped };
}

export function templateQueries(options: { keyword: string; sections: string[]; maxQueries: number }): { queries: PlannedQuery[]; dropped: number } {
  const kw = normalizeQueryText(options.keyword);
  const language = detectLanguage([kw, ...options.sections].join(' '));
  const kinds = KIND_TEMPLATES[language === 'ja' ? 'ja' : 'en'].map((t) => ({ query: t.replace('{kw}', kw) }));
  const perSection = options.sections.map((section) => ({
    query: section.toLowerCase().includes(kw.toLowerCase()) ? section : `${kw} ${section}`,
    section,
  }));
  const { kept, dropped } = uniqueQueries([...kinds, ...perSection], options.maxQueries);
  return { queries: kept, dropped };
}
