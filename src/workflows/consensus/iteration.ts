// Between iterations (seed 004 §2.1.2): early termination and the next iteration's context.
import { messagesFor } from './messages.js';
import type { IterationContext, IterationResult, ReportLanguage, ReportScore } from './types.js';

/** Sub-scores below this mark an area to deepen in the next iteration. */
export const DEEPEN_BELOW = 0.7;
/** Most unresolved questions carried to the next iteration. */
export const MAX_UNRESOLVED_QUESTIONS = 5;
/** Longest unresolved question kept, in characters (they become follow-up queries). */
export const MAX_QUESTION_CHARS = 200;

/** The first context of a run (seed 004 research()). */
export function initialContext(topic: string): IterationContext {
  return {
    iteration: 1,
    previousConsensus: null,
    previousScore: null,
    unresolvedQuestions: [],
    coveredSources: [],
    areasToDeepen: [],
    isInitial: true,
    topic,
  };
}

function bestScore(iteration: IterationResult): number {
  return Math.max(...iteration.scores.map((s) => s.totalScore));
}

/** Improvement of the best total score from `previous` to `current`, in percent; 0 when `previous` is 0. */
export function improvementPercent(previous: number, current: number): number {
  return previous > 0 ? ((current - previous) / previous) * 100 : 0;
}

/**
 * True after two consecutive iterations whose best score improved by less than `threshold`
 * (0.05 = 5 %), i.e. from the third iteration on (seed 004 shouldTerminateEarly, with the
 * configured threshold instead of a hard-coded 5).
 */
export function shouldTerminateEarly(iterations: readonly IterationResult[], threshold: number): boolean {
  if (iterations.length < 3) return false;
  const limit = threshold * 100;
  const current = bestScore(iterations[iterations.length - 1]!);
  const previous = bestScore(iterations[iterations.length - 2]!);
  const beforePrevious = bestScore(iterations[iterations.length - 3]!);
  return improvementPercent(previous, current) < limit && improvementPercent(beforePrevious, previous) < limit;
}

/**
 * Unresolved points of a report (seed: questions, [要検証] labels, 今後の課題:), with English
 * equivalents. Read line by line and with URLs removed: the seed's patterns cross lines and would
 * take a URL's "?" for a question.
 */
export function unresolvedQuestionsOf(report: string): string[] {
  const out: string[] = [];
  const lines = report
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .map((l) => l.replace(/https?:\/\/\S+/g, ' '));
  const patterns = [
    /([^。.!?！？\n]+[?？])/g,
    /\[要検証\]([^。\n]+)/g,
    /\[unverified\]([^\n]+)/gi,
    /今後の課題[：:]([^。\n]+)/g,
    /open question:\s*([^\n]+)/gi,
  ];
  for (const pattern of patterns) {
    for (const line of lines) {
      for (const match of line.matchAll(pattern)) {
        const q = clean(match[1]!);
        if (q && !out.includes(q)) out.push(q);
      }
    }
  }
  return out;
}

/** Strips list marks, quote marks and citation numbers; cuts to MAX_QUESTION_CHARS. */
function clean(raw: string): string {
  const text = raw
    .replace(/^\s*[-*]\s*/, '')
    .replace(/\[\d+\]/g, ' ')
    .replace(/[「」“”"]/g, ' ')
    .replace(/[（(](?:同旨|also stated in)[^）)]*[）)]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cut(text);
}

/** At most MAX_QUESTION_CHARS, cut at a word boundary when there is one. */
function cut(text: string): string {
  if (text.length <= MAX_QUESTION_CHARS) return text;
  const head = text.slice(0, MAX_QUESTION_CHARS);
  const space = head.lastIndexOf(' ');
  return (space > MAX_QUESTION_CHARS / 2 ? head.slice(0, space) : head).trim();
}

/** The next iteration's context (seed 004 buildNextContext), in the run's language. */
export function buildNextContext(current: IterationContext, consensusReport: string, consensusScore: ReportScore, language: ReportLanguage): IterationContext {
  const m = messagesFor(language);
  const areasToDeepen: string[] = [];
  if (consensusScore.consistencyScore < DEEPEN_BELOW) areasToDeepen.push(m.areaConsistency);
  if (consensusScore.reliabilityScore < DEEPEN_BELOW) areasToDeepen.push(m.areaReliability);
  if (consensusScore.coverageScore < DEEPEN_BELOW) areasToDeepen.push(m.areaCoverage);
  return {
    iteration: current.iteration + 1,
    previousConsensus: consensusReport,
    previousScore: consensusScore,
    unresolvedQuestions: unresolvedQuestionsOf(consensusReport).slice(0, MAX_UNRESOLVED_QUESTIONS),
    coveredSources: [...new Set([...current.coveredSources, ...(consensusScore.sourceUrls ?? [])])],
    areasToDeepen,
    isInitial: false,
    ...(current.topic !== undefined ? { topic: current.topic } : {}),
  };
}
