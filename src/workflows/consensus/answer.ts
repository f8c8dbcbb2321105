// The consensus run's answer, through the same question reading and verdict code as `lyra research`
// (workflows/answer): when the topic is a yes/no question or a statement, the stance model judges the
// proposition against every statement the final consensus report cites, and the claim-status table
// over those judgements gives the verdict. A bare topic ("coral reef decline causes") has no proposition
// and no verdict.
import { throwIfAborted, verdictConfidenceText, verdictHasNoFigure, type StanceJudge, type TrustLevel } from '../../core/index.js';
import type { EvidenceItem } from '../../policy/index.js';
import { CONFIDENCE_LABEL_JA, analyzeQuestion, confidenceLabel, mdQuote, verdictOf } from '../answer/index.js';
import type { AgentReport, ConsensusAnswer } from './types.js';

export type { ConsensusAnswer };

/** Quotes for and against listed in the consensus answer. */
export const CONSENSUS_ANSWER_QUOTES = 3;

export async function consensusAnswer(options: {
  topic: string;
  report: AgentReport;
  /** The engine's judge (Engine.judge). */
  judge: StanceJudge;
  signal?: AbortSignal;
}): Promise<ConsensusAnswer | undefined> {
  const proposition = analyzeQuestion(options.topic).proposition;
  const claims = options.report.claims ?? [];
  if (!proposition || claims.length === 0) return undefined;
  throwIfAborted(options.signal);
  const judged = await options.judge.judge(
    claims.map((c) => ({ claim: proposition, passage: c.text })),
    options.signal ? { signal: options.signal } : {},
  );
  const level = (url: string): TrustLevel => options.report.sources.find((s) => s.url === url)?.trustLevel ?? 'UNVERIFIED';
  const items: EvidenceItem[] = [];
  const sides = { for: [] as ConsensusAnswer['for'], against: [] as ConsensusAnswer['against'] };
  claims.forEach((c, i) => {
    const j = judged[i]!;
    if (j.stance === 'neutral') return;
    items.push({ stance: j.stance, confidence: j.confidence, trustLevel: level(c.sourceUrl), source: c.sourceUrl });
    (j.stance === 'supports' ? sides.for : sides.against).push({ quote: c.text, url: c.sourceUrl, confidence: Math.round(j.confidence * 1000) / 1000 });
  });
  const d = verdictOf(items);
  const top = (xs: ConsensusAnswer['for']) => [...xs].sort((a, b) => b.confidence - a.confidence).slice(0, CONSENSUS_ANSWER_QUOTES);
  return {
    proposition,
    verdict: d.verdict,
    confidence: d.confidence,
    for: top(sides.for),
    against: top(sides.against),
    judged: claims.length,
    supportingSources: d.supportingSources,
    refutingSources: d.refutingSources,
    stanceModel: options.judge.stanceModelName(),
  };
}

/** The answer section of the final report. */
export function consensusAnswerLines(a: ConsensusAnswer, language: 'ja' | 'en'): string[] {
  const ja = language === 'ja';
  const label = ja
    ? { supported: '支持される', refuted: '反証される', mixed: '賛否が分かれる', 'insufficient evidence': '証拠不十分' }[a.verdict]
    : { supported: 'Supported', refuted: 'Refuted', mixed: 'Mixed', 'insufficient evidence': 'Insufficient evidence' }[a.verdict];
  const shown = {
    verdict: a.verdict,
    confidence: a.confidence,
    judged: a.judged,
    ...(a.supportingSources !== undefined ? { passed: { supporting: a.supportingSources, refuting: a.refutingSources ?? 0 } } : {}),
  };
  return [
    ja ? '## 回答' : '## Answer',
    '',
    `**${label}** — ${ja ? '判定した命題' : 'Proposition judged'}: ${mdQuote(a.proposition)}`,
    '',
    ...(a.for.length > 0 ? [`- ${ja ? '支持' : 'For'}:`, ...a.for.map((q) => `  - ${mdQuote(q.quote)} (${q.url})`)] : []),
    ...(a.against.length > 0 ? [`- ${ja ? '反証' : 'Against'}:`, ...a.against.map((q) => `  - ${mdQuote(q.quote)} (${q.url})`)] : []),
    verdictHasNoFigure(a.verdict)
      ? ja
        ? `- 確信度なし: ${verdictConfidenceText(shown, 'ja')}。最終レポートが引用する文を ${a.stanceModel} で判定。`
        : `- No confidence figure: ${verdictConfidenceText(shown)}; the statements the consensus report cites, judged by ${a.stanceModel}.`
      : ja
        ? `- 確信度 ${a.confidence.toFixed(2)}（${CONFIDENCE_LABEL_JA[confidenceLabel(a.confidence)]}）: 最終レポートが引用する${a.judged}文を ${a.stanceModel} で判定。`
        : `- Confidence ${a.confidence.toFixed(2)} (${confidenceLabel(a.confidence)}): the ${a.judged} statements the consensus report cites, judged by ${a.stanceModel}.`,
    '',
  ];
}
