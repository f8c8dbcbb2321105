// Relevance of claims to a question on the labelled sample (bench/data/claim-relevance.jsonl): four
// questions × 50 claims drawn from the claims a run's searches bring back. Lyra's relevance (subject
// and aspect terms weighted by rarity, workflows/answer) against the hand labels, and in the same run
// the relevance it replaced (share of the question's content words, RELEVANCE_TERMS_CAP) as a baseline.
import { normalizeClaim } from '../../src/extract/index.js';
import { MIN_RELEVANCE, analyzeQuestion, claimRelevance, relevanceTo, type TermWeights } from '../../src/workflows/index.js';
import { claimsFromSentence } from './claim-checkability.js';
import { binaryScores, readJsonl, resolveSentence, type BinaryScores, type SentenceRef } from './claim-samples.js';

export const RELEVANCE_FILE = 'claim-relevance.jsonl';
/** Three other questions, drawn after the relevance rules were frozen and labelled by the rubric alone. */
export const RELEVANCE_BLIND_FILE = 'claim-relevance-blind.jsonl';
/**
 * Four more questions, drawn after the first blind sample's errors were read (and the rules changed for
 * them: "help" read in outcomes), labelled by the rubric alone and scored once on the frozen rules.
 */
export const RELEVANCE_BLIND2_FILE = 'claim-relevance-blind2.jsonl';

type Line = { question: string; weights: { n: number; df: Record<string, number> } } | (SentenceRef & { question: string; relevant: boolean });

export interface RelevanceResult {
  questions: Array<{ question: string; items: number; relevant: number; lyra: BinaryScores; baseline: BinaryScores }>;
  lyra: BinaryScores;
  baseline: BinaryScores;
  errors: Array<{ question: string; kind: 'fp' | 'fn'; text: string; relevance: number }>;
}

export function evaluateRelevance(file: string = RELEVANCE_FILE): RelevanceResult {
  const lines = readJsonl<Line>(file);
  const out: RelevanceResult = { questions: [], lyra: binaryScores([]), baseline: binaryScores([]), errors: [] };
  const all: Array<{ gold: boolean; lyra: boolean; baseline: boolean }> = [];
  for (const question of [...new Set(lines.map((l) => l.question))]) {
    const header = lines.find((l): l is Extract<Line, { weights: unknown }> => l.question === question && 'weights' in l);
    const weights: TermWeights = { n: header?.weights.n ?? 0, df: new Map(Object.entries(header?.weights.df ?? {})) };
    const analysis = analyzeQuestion(question);
    const questionTerms = normalizeClaim({ text: question, source: 'q' }).terms;
    const rows: typeof all = [];
    for (const item of lines.filter((l): l is Exclude<Line, { weights: unknown }> => l.question === question && !('weights' in l))) {
      const s = resolveSentence(item);
      const text = item.corpus === 'example' ? s.text : (claimsFromSentence(s.context, s.text)[0] ?? s.text);
      const terms = normalizeClaim({ text, source: 'bench' }).terms;
      const r = claimRelevance(analysis, terms, weights).relevance;
      const row = { gold: item.relevant, lyra: r >= MIN_RELEVANCE, baseline: relevanceTo([questionTerms], terms) >= MIN_RELEVANCE };
      rows.push(row);
      if (row.lyra !== row.gold) out.errors.push({ question, kind: row.lyra ? 'fp' : 'fn', text, relevance: r });
    }
    all.push(...rows);
    out.questions.push({
      question,
      items: rows.length,
      relevant: rows.filter((r) => r.gold).length,
      lyra: binaryScores(rows.map((r) => ({ gold: r.gold, predicted: r.lyra }))),
      baseline: binaryScores(rows.map((r) => ({ gold: r.gold, predicted: r.baseline }))),
    });
  }
  out.lyra = binaryScores(all.map((r) => ({ gold: r.gold, predicted: r.lyra })));
  out.baseline = binaryScores(all.map((r) => ({ gold: r.gold, predicted: r.baseline })));
  return out;
}
