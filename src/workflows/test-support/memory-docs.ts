// The documents of the in-memory engine double (memory-engine.ts): what a provider returns, how a search
// ranks them, the page view a registered one gets. Test support only.
import { hostnameOf, parseCorpusUrl, type Identifiers, type SourceType, type SourceView, type TrustLevel } from '../../core/index.js';
import { classifySourceType, isHighTrust } from '../../policy/index.js';

/** A document a provider can return: a web page, a paper's record or a corpus document. */
export interface MemoryDoc {
  url: string;
  title: string;
  /** What readSource gives (a page's text, a paper's abstract, a corpus document); default the sentences joined. */
  text?: string;
  /** The page's sentences, each a claim of the task; default the text split at sentence ends. */
  sentences?: string[];
  publishedAt?: string;
  authors?: string[];
  organization?: string;
  identifiers?: Identifiers;
  /** A scholarly record: registered by its abstract, not fetched during the search. */
  paper?: boolean;
  /** Default: `academic_paper` for a paper, by URL for a web page, `other` for a corpus document. */
  sourceType?: SourceType;
  /** Default {@link testTrustLevel}. */
  trustLevel?: TrustLevel;
}

/**
 * A provider: documents ranked by how many of the query's words (three letters or more, or Japanese) their
 * title and text contain, as substrings (ties: list order; at most ten), or a function of
 * the query and the n-th time it is asked that query, answering documents or the error it fails with.
 */
export type MemoryProvider = readonly MemoryDoc[] | ((query: string, n: number) => readonly MemoryDoc[] | Error);

/** LOW for corpus documents, ACADEMIC for *.edu, UNVERIFIED otherwise (as a domain policy would say). */
export function testTrustLevel(url: string): TrustLevel {
  if (url.startsWith('corpus://')) return 'LOW';
  if (/\.edu\//.test(url)) return 'ACADEMIC';
  return 'UNVERIFIED';
}

/** At most this many documents answer a query from one provider's list. */
const MAX_HITS = 10;
const STOP_WORDS = new Set(['the', 'and', 'not', 'that', 'with', 'for']);
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Content words: runs of letters and digits, three or more long unless Japanese, without stop words. */
export const words = (s: string): Set<string> =>
  new Set((s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => (w.length >= 3 || CJK.test(w)) && !STOP_WORDS.has(w)));
export const negated = (s: string): boolean => /\bnot\b/i.test(s);
export const sentencesOf = (d: MemoryDoc): string[] => d.sentences ?? (d.text ?? '').split(/(?<=[.!?。])\s+/).filter((s) => s.trim() !== '');
export const textOf = (d: MemoryDoc): string => d.text ?? (d.sentences ?? []).join(' ');

/** How many of the query's words a document's title and text contain. */
function score(d: MemoryDoc, query: Set<string>): number {
  const text = `${d.title} ${textOf(d)}`.toLowerCase();
  return [...query].filter((w) => text.includes(w)).length;
}

/** A provider's documents for a query: those holding its words, most first (ties: list order). */
export function rank(docs: readonly MemoryDoc[], query: string): MemoryDoc[] {
  const q = words(query);
  return docs
    .map((d, i) => ({ d, i, n: score(d, q) }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .slice(0, MAX_HITS)
    .map((x) => x.d);
}

/** The page view a registered document gets; its page id is its URL's. */
export function viewOf(d: MemoryDoc): SourceView {
  const corpus = parseCorpusUrl(d.url);
  const trustLevel = d.trustLevel ?? testTrustLevel(d.url);
  return {
    pageId: `pg:${d.url}`,
    url: d.url,
    domain: corpus ? `corpus:${corpus.corpus}` : hostnameOf(d.url),
    title: d.title,
    trustLevel,
    sourceType: d.sourceType ?? (d.paper ? 'academic_paper' : corpus ? 'other' : classifySourceType(d.url)),
    primary: isHighTrust(trustLevel),
    ...(d.publishedAt ? { publishedAt: d.publishedAt } : {}),
  };
}
