// Phase 3.5 主要Claim選定 and 反証探索 (seed 001): which claims must be searched against, and the three
// mechanical refutation searches for each — the claim negated (Claim反転), its exceptions and limits
// (例外探索), and the claim in the engine's refute mode, which appends the critique vocabulary (批判語彙).
import type { NormalizedClaimItem } from './artifacts.js';
import { byRelevance } from './gaps.js';
import type { ResearchLanguage } from './language.js';
import { MIN_RELEVANCE } from './normalize.js';
import { clipQuery } from './query-text.js';

export const MAJOR_REASONS = ['decision_relevance_high', 'strong_assertion', 'numeric_comparison', 'ranking', 'high_stakes'] as const;
export type MajorReason = (typeof MAJOR_REASONS)[number];

/** Major claims searched against by default; the rest are listed as a limitation. */
export const DEFAULT_MAX_MAJOR_CLAIMS = 4;

/** Rankings and records ("the largest", "first", 最大, 首位). */
export const RANKING_RE =
  /\b(largest|highest|lowest|smallest|biggest|greatest|most|least|first|top|leading|record|ranked?|ranking)\b|最大|最小|最高|最低|首位|[1１一]位|トップ|ランキング/i;

export function majorReasons(c: Pick<NormalizedClaimItem, 'decision_relevance' | 'features' | 'statement'>): MajorReason[] {
  const out: MajorReason[] = [];
  if (c.decision_relevance === 'high') out.push('decision_relevance_high');
  if (c.features.includes('strong_assertion')) out.push('strong_assertion');
  if (c.features.includes('numeric') && c.features.includes('comparison')) out.push('numeric_comparison');
  if (RANKING_RE.test(c.statement)) out.push('ranking');
  if (c.features.includes('high_stakes')) out.push('high_stakes');
  return out;
}

/** Relevant claims with at least one reason: the most relevant to the question first, then the most reasons. */
export function selectMajorClaims(normalized: readonly NormalizedClaimItem[]): Array<{ claim: NormalizedClaimItem; reasons: MajorReason[] }> {
  return normalized
    .filter((c) => c.relevance >= MIN_RELEVANCE)
    .map((claim) => ({ claim, reasons: majorReasons(claim) }))
    .filter((m) => m.reasons.length > 0)
    .sort((a, b) => b.claim.relevance - a.claim.relevance || b.reasons.length - a.reasons.length || byRelevance(a.claim, b.claim));
}

const EN_AUX_RE = /\b(is|are|was|were|can|could|will|would|should|has|have|had|does|do|did|may|might|must)\b/i;
const EN_NEG_RE = /\s*\b(not|never)\b|n't\b/i;
const JA_NEG_END_RE = /(ない|なかった|ません|ではない|じゃない)$/u;

function trimEnd(s: string): string {
  return s.replace(/[\s.。!?！？]+$/u, '');
}

/** The claim turned around (Claim反転): a negation taken out, or put in after the first auxiliary. */
export function negateStatement(statement: string, language: ResearchLanguage): string {
  const s = trimEnd(statement.replace(/\s+/g, ' ').trim());
  if (language === 'ja') return JA_NEG_END_RE.test(s) ? clipQuery(s.replace(JA_NEG_END_RE, '')) : `${clipQuery(s)} とは言えない`;
  if (EN_NEG_RE.test(s)) return clipQuery(s.replace(EN_NEG_RE, '').replace(/\s+/g, ' ').trim());
  const aux = EN_AUX_RE.exec(s);
  if (aux) return clipQuery(`${s.slice(0, aux.index + aux[0].length)} not${s.slice(aux.index + aux[0].length)}`);
  return clipQuery(`it is not true that ${s}`);
}

const EXCEPTION_WORDS: Readonly<Record<ResearchLanguage, string>> = { en: 'exception limitation fails', ja: '例外 限界 失敗' };

/** Exceptions and failure conditions (例外探索): the claim's subject and object with limit words. */
export function exceptionsQuery(c: Pick<NormalizedClaimItem, 'slots' | 'statement' | 'language'>): string {
  const core = clipQuery([c.slots.subject, c.slots.object].filter(Boolean).join(' ') || trimEnd(c.statement));
  return `${core} ${EXCEPTION_WORDS[c.language]}`.replace(/\s+/g, ' ').trim();
}

export type RefutationKind = 'negation' | 'exceptions' | 'critique';

export function refutationSearches(
  c: Pick<NormalizedClaimItem, 'slots' | 'statement' | 'language'>,
): Array<{ kind: RefutationKind; text: string; refute: boolean; verify: boolean }> {
  return [
    { kind: 'negation', text: negateStatement(c.statement, c.language), refute: false, verify: false },
    { kind: 'exceptions', text: exceptionsQuery(c), refute: false, verify: false },
    // Engine.verifyClaim in refute mode: the statement, plus the critique vocabulary, judged against wider candidates.
    { kind: 'critique', text: trimEnd(c.statement.replace(/\s+/g, ' ').trim()), refute: true, verify: true },
  ];
}
