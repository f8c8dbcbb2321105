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
   * Independent sources whose passages passed the judge's bar, for and against, when known: an
   * "insufficient evidence" verdict may rest on some (too few, or of too low trust), and then it must not
   * read as if none passed.
   */
  passed?: { supporting: number; refuting: number };
}

/** True when the verdict carries no confidence figure in what people read. */
export function verdictHasNoFigure(verdict: string): boolean {
  return verdict === 'insufficient evidence';
}

/** The words of each language: the figure, the counts, the two leads and how the counts are joined. */
const WORDS = {
  en: {
    figure: (c: string) => `confidence ${c}`,
    judged: (n: number) => `${n} passage${n === 1 ? '' : 's'} judged`,
    searched: (n: number) => `${n} source${n === 1 ? '' : 's'} searched`,
    nothingJudged: 'nothing relevant found to judge',
    noneAboveBar: "no passage passed the judge's bar",
    tooLittle: "what passed the judge's bar is too little for a verdict",
    passed: (s: number, r: number) => `${s} source${s === 1 ? '' : 's'} for, ${r} against`,
    withCounts: (lead: string, counts: string[]) => `${lead} (${counts.join(', ')})`,
  },
  ja: {
    figure: (c: string) => `確信度 ${c}`,
    judged: (n: number) => `判定 ${n} 件`,
    searched: (n: number) => `検索した情報源 ${n}`,
    nothingJudged: '判定できる関連箇所なし',
    noneAboveBar: '判定の基準を満たした箇所なし',
    tooLittle: '判定の基準を満たした箇所はあるが結論には足りない',
    passed: (s: number, r: number) => `支持 ${s} ソース、反証 ${r} ソース`,
    withCounts: (lead: string, counts: string[]) => `${lead}（${counts.join('、')}）`,
  },
} as const;

/**
 * "confidence 0.83", or for insufficient evidence what was judged: "no passage passed the judge's bar (12
 * passages judged, 3 sources searched)", or when some did: "what passed the judge's bar is too little for a
 * verdict (2 sources for, 1 against, 10 passages judged, 1 source searched)".
 */
export function verdictConfidenceText(a: ShownVerdictInput, language: 'en' | 'ja' = 'en'): string {
  const w = WORDS[language];
  if (!verdictHasNoFigure(a.verdict)) return w.figure(a.confidence.toFixed(2));
  const passed = a.passed && a.passed.supporting + a.passed.refuting > 0 ? a.passed : undefined;
  const counts = [
    ...(passed ? [w.passed(passed.supporting, passed.refuting)] : []),
    ...(a.judged !== undefined ? [w.judged(a.judged)] : []),
    ...(a.searched !== undefined ? [w.searched(a.searched)] : []),
  ];
  const lead = passed ? w.tooLittle : a.judged === 0 ? w.nothingJudged : w.noneAboveBar;
  return counts.length > 0 ? w.withCounts(lead, counts) : lead;
}

/** What an answer's verdict line shows (core/format verdictConfidenceText), from the answer's verdict and basis. */
export function shownVerdict(a: {
  verdict: string;
  confidence: number;
  basis: { judged_passages: number; sources_searched: readonly string[]; supporting_sources: number; refuting_sources: number };
}): ShownVerdictInput {
  return {
    verdict: a.verdict,
    confidence: a.confidence,
    judged: a.basis.judged_passages,
    searched: a.basis.sources_searched.length,
    passed: { supporting: a.basis.supporting_sources, refuting: a.basis.refuting_sources },
  };
}
