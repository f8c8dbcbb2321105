// The confidence shown beside an answer's verdict. For "insufficient evidence" the number is
// 1 − max(support, refutation): a sure "insufficient" when nothing was found, which every run that
// found nothing printed as "confidence 1.00" — read by people as certainty about the answer. So no
// figure is shown for that verdict; what was searched and judged is said instead. The JSON field
// `confidence` keeps its documented meaning; only what people read changes.

export interface ShownVerdictInput {
  verdict: string;
  confidence: number;
  /** Passages judged against the proposition, when known. */
  judged?: number;
  /** Sources searched, when known. */
  searched?: number;
  /**
   * Independent sources whose passages passed the judge's bar and counted for the verdict, for and against,
   * when known: an "insufficient evidence" verdict may rest on some (too few or too low in trust, or both
   * sides), and then it must not read as if none passed.
   */
  passed?: { supporting: number; refuting: number };
  /** Passages the judge called supporting or refuting, counted for the verdict or not (a passage not naming the question's subject is not), when known. */
  passedByJudge?: number;
  /** An open question (no proposition): the relevant claims that answer it, when known; no passage is judged against a proposition. */
  claims?: number;
}

/** True when the verdict carries no confidence figure in what people read. */
export function verdictHasNoFigure(verdict: string): boolean {
  return verdict === 'insufficient evidence';
}

/** The words of each language: the figure, the counts, the leads and how the counts are joined. */
const WORDS = {
  en: {
    figure: (c: string) => `confidence ${c}`,
    judged: (n: number) => `${n} passage${n === 1 ? '' : 's'} judged`,
    searched: (n: number) => `${n} source${n === 1 ? '' : 's'} searched`,
    claims: (n: number) => `${n} relevant claim${n === 1 ? '' : 's'}`,
    passed: (s: number, r: number) => `${s} source${s === 1 ? '' : 's'} for, ${r} against`,
    passedByJudge: (n: number) => `${n} passage${n === 1 ? '' : 's'} passed, none counted`,
    nothingJudged: 'nothing relevant found to judge',
    noneAboveBar: "no passage passed the judge's bar",
    notCounted: "what passed the judge's bar was not counted",
    tooLittle: "what passed the judge's bar is too little for a verdict",
    bothWays: "what passed the judge's bar points both ways",
    openQuestion: 'the relevant claims do not settle it',
    withCounts: (lead: string, counts: string[]) => `${lead} (${counts.join(', ')})`,
  },
  ja: {
    figure: (c: string) => `確信度 ${c}`,
    judged: (n: number) => `判定 ${n} 件`,
    searched: (n: number) => `検索したソース ${n}`,
    claims: (n: number) => `関係するClaim ${n} 件`,
    passed: (s: number, r: number) => `支持するソース ${s}、反証するソース ${r}`,
    passedByJudge: (n: number) => `基準を満たした箇所 ${n}（数えず）`,
    nothingJudged: '判定できる関連箇所なし',
    noneAboveBar: '判定の基準を満たした箇所なし',
    notCounted: '判定の基準を満たした箇所はあるが、いずれも結論の根拠として数えていない',
    tooLittle: '判定の基準を満たした箇所はあるが、結論を出すには足りない',
    bothWays: '判定の基準を満たした箇所が支持と反証に分かれている',
    openQuestion: '関係するClaimでは結論が出ない',
    withCounts: (lead: string, counts: string[]) => `${lead}（${counts.join('、')}）`,
  },
} as const;

/** Which "insufficient evidence" it is: what the verdict line and "what would change it" both say. */
export type InsufficientCase = 'open_question' | 'both_ways' | 'too_little' | 'not_counted' | 'none_passed' | 'nothing_judged';

/**
 * The case of an "insufficient evidence" verdict, decided once for every reader: an open question (its
 * claims, no proposition judged); passages that passed the judge's bar and counted, on both sides or one;
 * passages the judge passed but none counted; none passed; nothing judged at all.
 */
export function insufficientCase(f: {
  openQuestion: boolean;
  supporting: number;
  refuting: number;
  passedByJudge: number;
  judged?: number | undefined;
}): InsufficientCase {
  if (f.openQuestion) return 'open_question';
  if (f.supporting > 0 && f.refuting > 0) return 'both_ways';
  if (f.supporting + f.refuting > 0) return 'too_little';
  if (f.passedByJudge > 0) return 'not_counted';
  return f.judged === 0 ? 'nothing_judged' : 'none_passed';
}

/**
 * "confidence 0.83", or for insufficient evidence what was judged: "no passage passed the judge's bar (12
 * passages judged, 3 sources searched)"; when some did, "what passed the judge's bar is too little for a
 * verdict (2 sources for, 0 against, …)" or "… points both ways (1 source for, 1 against, …)"; for an open
 * question "the relevant claims do not settle it (4 relevant claims, …)".
 */
export function verdictConfidenceText(a: ShownVerdictInput, language: 'en' | 'ja' = 'en'): string {
  const w = WORDS[language];
  if (!verdictHasNoFigure(a.verdict)) return w.figure(a.confidence.toFixed(2));
  const searched = a.searched !== undefined ? [w.searched(a.searched)] : [];
  const c = insufficientCase({
    openQuestion: a.claims !== undefined,
    supporting: a.passed?.supporting ?? 0,
    refuting: a.passed?.refuting ?? 0,
    passedByJudge: a.passedByJudge ?? 0,
    judged: a.judged,
  });
  if (c === 'open_question') return w.withCounts(w.openQuestion, [w.claims(a.claims!), ...searched]);
  const counts = [
    ...(c === 'both_ways' || c === 'too_little' ? [w.passed(a.passed!.supporting, a.passed!.refuting)] : []),
    ...(c === 'not_counted' ? [w.passedByJudge(a.passedByJudge!)] : []),
    ...(a.judged !== undefined ? [w.judged(a.judged)] : []),
    ...searched,
  ];
  const lead = { both_ways: w.bothWays, too_little: w.tooLittle, not_counted: w.notCounted, nothing_judged: w.nothingJudged, none_passed: w.noneAboveBar }[c];
  return counts.length > 0 ? w.withCounts(lead, counts) : lead;
}

/** What an answer's verdict line shows (verdictConfidenceText), from the answer's verdict and basis as stored. */
export function shownVerdict(a: {
  verdict: string;
  confidence: number;
  basis: {
    method: string;
    relevant_claims: number;
    judged_passages: number;
    sources_searched: readonly string[];
    supporting_sources: number;
    refuting_sources: number;
    passed_passages?: number | undefined;
  };
}): ShownVerdictInput {
  const base = { verdict: a.verdict, confidence: a.confidence, searched: a.basis.sources_searched.length };
  if (a.basis.method === 'relevant_claims') return { ...base, claims: a.basis.relevant_claims };
  return {
    ...base,
    judged: a.basis.judged_passages,
    passed: { supporting: a.basis.supporting_sources, refuting: a.basis.refuting_sources },
    ...(a.basis.passed_passages !== undefined ? { passedByJudge: a.basis.passed_passages } : {}),
  };
}
