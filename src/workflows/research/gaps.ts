// Phase 2 GAP ANALYSIS (seed 001): where the information is thin — perspectives that produced few
// relevant claims, and the most relevant claims with little independent evidence — each with a
// sub-question and the mechanical DEEP queries that pursue it. A gap closes when its condition is
// met; coverage (the seed's Gap閉鎖率) is closed gaps ÷ all gaps.
import type { ClaimMaterial } from '../../core/index.js';
import type { GapItem, NormalizedClaimItem, SubQuestionItem } from './artifacts.js';
import type { ResearchLanguage } from './language.js';
import { MIN_RELEVANCE } from './normalize.js';
import type { QuestionKind } from '../answer/index.js';
import { LEGACY_QUESTION_KIND, PERSPECTIVE_KEYS, PERSPECTIVE_TEMPLATES, applyTemplate, perspectiveLabel, type PerspectiveKey } from './perspectives.js';
import { clipQuery } from './query-text.js';
import { independentEvidenceSources } from './snapshot.js';

/** A perspective with fewer relevant claims than this is a gap. */
export const PERSPECTIVE_MIN_CLAIMS = 3;
/** A relevant claim with fewer independent sources (beyond the one it came from) than this is a gap. */
export const CLAIM_MIN_SOURCES = 2;
/** Claim gaps looked at: the most relevant claims only. */
export const MAX_CLAIM_GAPS = 5;
/** Searches per gap at most (seed: 各Gapで5回以上検索 — five, within the budget). */
export const MAX_QUERIES_PER_GAP = 5;

const EVIDENCE_WORD: Readonly<Record<ResearchLanguage, string>> = { en: 'evidence', ja: '根拠' };
/** Words of a claim gap's review query (seed 001: 各Gapで5回以上 — a fifth search for the claim). */
const REVIEW_WORDS: Readonly<Record<ResearchLanguage, string>> = { en: 'systematic review', ja: 'システマティックレビュー' };

export interface GapInput {
  normalized: readonly NormalizedClaimItem[];
  claims: readonly ClaimMaterial[];
  topics: ReadonlyArray<{ language: ResearchLanguage; topic: string }>;
  /** Templates WIDE already ran per perspective and topic. */
  templatesUsed: number;
  language: ResearchLanguage;
  /** Kind of question: which templates and labels (default: the templates of runs before kinds existed). */
  kind?: QuestionKind;
  /** The perspectives whose searches reached a claim (perspective-reach.ts); default: the one that found it first. */
  reach?: (claimId: string) => readonly PerspectiveKey[];
}

function trimEnd(s: string): string {
  return s.replace(/[\s.。!?！？]+$/u, '');
}

function perspectiveQueries(p: PerspectiveKey, input: GapInput, subQuestion: string): string[] {
  const out: string[] = [];
  for (const { language, topic } of input.topics) {
    for (const t of PERSPECTIVE_TEMPLATES[input.kind ?? LEGACY_QUESTION_KIND][language][p].slice(input.templatesUsed)) out.push(applyTemplate(t, topic));
  }
  out.push(trimEnd(subQuestion));
  for (const { language, topic } of input.topics)
    out.push(`${topic} ${perspectiveLabel(input.kind, language, p)}`.replace(/[&・]/g, ' ').replace(/\s+/g, ' ').trim());
  return [...new Set(out)].slice(0, MAX_QUERIES_PER_GAP);
}

/** The mechanical DEEP queries of a claim gap: the statement, its slots, evidence and review wording (at most MAX_QUERIES_PER_GAP). */
export function claimQueries(c: Pick<NormalizedClaimItem, 'slots' | 'statement' | 'language'>, input: Pick<GapInput, 'topics'>): string[] {
  const s = c.slots;
  const core = [s.subject, s.predicate, s.object].filter(Boolean).join(' ');
  const ends = [s.subject, s.object].filter(Boolean).join(' ');
  const topic = input.topics[0]?.topic ?? '';
  const out = [
    trimEnd(c.statement),
    core,
    ends ? `${ends} ${EVIDENCE_WORD[c.language]}` : '',
    s.subject ? `${topic} ${s.subject}` : '',
    `${clipQuery(ends || trimEnd(c.statement))} ${REVIEW_WORDS[c.language]}`,
  ];
  return [...new Set(out.map(clipQuery).filter((q) => q.length > 0))].slice(0, MAX_QUERIES_PER_GAP);
}

export function subQuestionText(
  kind: 'perspective' | 'claim',
  input: Pick<GapInput, 'topics' | 'language' | 'kind'>,
  p: PerspectiveKey | null,
  statement?: string,
): string {
  const topic = input.topics[0]?.topic ?? '';
  if (kind === 'perspective') {
    const label = perspectiveLabel(input.kind, input.language, p!);
    return input.language === 'ja' ? `${topic}の${label}について何が分かっているか？` : `What does the evidence say about ${label.toLowerCase()} of ${topic}?`;
  }
  const stmt = trimEnd(statement ?? '');
  return input.language === 'ja' ? `「${stmt}」は正しいか？` : `Is it true that "${stmt}"?`;
}

/**
 * Relevant claims per perspective: each counts for every perspective whose searches reached it (`reach`),
 * or, without it, for the perspective of the search that found it first.
 */
export function perspectiveCounts(
  normalized: readonly NormalizedClaimItem[],
  reach?: (claimId: string) => readonly PerspectiveKey[],
): Record<PerspectiveKey, number> {
  const counts = Object.fromEntries(PERSPECTIVE_KEYS.map((p) => [p, 0])) as Record<PerspectiveKey, number>;
  for (const c of normalized) {
    if (c.relevance < MIN_RELEVANCE) continue;
    for (const p of reach ? reach(c.claim_id) : c.perspective ? [c.perspective] : []) counts[p] += 1 + c.merged_claim_ids.length;
  }
  return counts;
}

/** The most relevant claims first: relevance, then decision relevance, then id. */
export function byRelevance(a: NormalizedClaimItem, b: NormalizedClaimItem): number {
  const rank = { high: 0, medium: 1, low: 2 };
  return (
    b.relevance - a.relevance || rank[a.decision_relevance] - rank[b.decision_relevance] || (a.claim_id < b.claim_id ? -1 : a.claim_id > b.claim_id ? 1 : 0)
  );
}

export function analyzeGaps(input: GapInput): { gaps: GapItem[]; subQuestions: SubQuestionItem[] } {
  const gaps: GapItem[] = [];
  const subQuestions: SubQuestionItem[] = [];
  const add = (g: Omit<GapItem, 'gap_id' | 'sub_question_id' | 'status' | 'queries_run'>, question: string, queries: string[]): void => {
    const n = String(gaps.length + 1).padStart(2, '0');
    gaps.push({ ...g, gap_id: `gap_${n}`, sub_question_id: `sq_${n}`, status: 'open', queries_run: 0 });
    subQuestions.push({ sub_question_id: `sq_${n}`, gap_id: `gap_${n}`, question, queries });
  };
  const counts = perspectiveCounts(input.normalized, input.reach);
  for (const p of PERSPECTIVE_KEYS) {
    if (counts[p] >= PERSPECTIVE_MIN_CLAIMS) continue;
    const q = subQuestionText('perspective', input, p);
    const label = perspectiveLabel(input.kind, input.language, p);
    add(
      {
        kind: 'perspective',
        perspective: p,
        claim_id: null,
        description: label,
        reason:
          input.language === 'ja'
            ? `関連Claimが${counts[p]}件（${PERSPECTIVE_MIN_CLAIMS}件未満）`
            : `${counts[p]} relevant claim(s) (fewer than ${PERSPECTIVE_MIN_CLAIMS})`,
      },
      q,
      perspectiveQueries(p, input, q),
    );
  }
  const byId = new Map(input.claims.map((c) => [c.id, c]));
  const relevant = input.normalized
    .filter((c) => c.relevance >= MIN_RELEVANCE)
    .sort(byRelevance)
    .slice(0, MAX_CLAIM_GAPS);
  for (const c of relevant) {
    const m = byId.get(c.claim_id);
    const n = m ? independentEvidenceSources(m) : 0;
    if (n >= CLAIM_MIN_SOURCES) continue;
    const q = subQuestionText('claim', input, null, c.statement);
    add(
      {
        kind: 'claim',
        perspective: null,
        claim_id: c.claim_id,
        description: c.statement,
        reason:
          input.language === 'ja'
            ? `独立した証拠ソースが${n}件（${CLAIM_MIN_SOURCES}件未満）`
            : `${n} independent evidence source(s) beyond its origin (fewer than ${CLAIM_MIN_SOURCES})`,
      },
      q,
      claimQueries(c, input),
    );
  }
  return { gaps, subQuestions };
}

/** Whether a gap's condition is met now. */
export function gapClosed(g: GapItem, ctx: { counts: Record<PerspectiveKey, number>; claims: ReadonlyMap<string, ClaimMaterial> }): boolean {
  if (g.kind === 'perspective') return g.perspective !== null && ctx.counts[g.perspective] >= PERSPECTIVE_MIN_CLAIMS;
  const c = g.claim_id ? ctx.claims.get(g.claim_id) : undefined;
  return c !== undefined && independentEvidenceSources(c) >= CLAIM_MIN_SOURCES;
}

/** Gap closure rate; 1 when there was no gap. */
export function gapCoverage(gaps: readonly GapItem[]): number {
  if (gaps.length === 0) return 1;
  return gaps.filter((g) => g.status === 'closed').length / gaps.length;
}
