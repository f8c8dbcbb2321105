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
}

/** True when the verdict carries no confidence figure in what people read. */
export function verdictHasNoFigure(verdict: string): boolean {
  return verdict === 'insufficient evidence';
}

/** "confidence 0.83", or for insufficient evidence what was judged: "no passage passed the judge's bar (12 judged, 3 sources searched)". */
export function verdictConfidenceText(a: ShownVerdictInput): string {
  if (!verdictHasNoFigure(a.verdict)) return `confidence ${a.confidence.toFixed(2)}`;
  const counts = [
    ...(a.judged !== undefined ? [`${a.judged} passage${a.judged === 1 ? '' : 's'} judged`] : []),
    ...(a.searched !== undefined ? [`${a.searched} source${a.searched === 1 ? '' : 's'} searched`] : []),
  ];
  const lead = a.judged === 0 ? 'nothing relevant found to judge' : "no passage passed the judge's bar";
  return counts.length > 0 ? `${lead} (${counts.join(', ')})` : lead;
}

/** The same in Japanese. */
export function verdictConfidenceTextJa(a: ShownVerdictInput): string {
  if (!verdictHasNoFigure(a.verdict)) return `確信度 ${a.confidence.toFixed(2)}`;
  const counts = [...(a.judged !== undefined ? [`判定 ${a.judged} 件`] : []), ...(a.searched !== undefined ? [`検索した情報源 ${a.searched}`] : [])];
  const lead = a.judged === 0 ? '判定できる関連箇所なし' : '判定の基準を満たした箇所なし';
  return counts.length > 0 ? `${lead}（${counts.join('、')}）` : lead;
}
