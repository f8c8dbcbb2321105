// How consensus reads its topic against the statements it scores: research's term rules
// (answer/analyzeQuestion) with the subject's other names from a thesaurus (WordNet: "vitamin C" is
// "ascorbic acid") and the kinds of it its sources name ("X, including A", "X such as A":
// extract/kindsIn), as a research run reads its question (workflows/research/relevance.ts). Without them,
// a folder that names its subject only by its kinds ("alternate-day fasting", "time-restricted eating"
// for intermittent fasting) gave reports none of whose statements was on the topic, and the run ended
// "no report is about the topic".
import type { Thesaurus } from '../../core/index.js';
import { kindsIn, normalizeClaim, type KindOf } from '../../extract/index.js';
import { analyzeQuestion, withSubjectKinds, withSubjectSynonyms, type QuestionAnalysis } from '../answer/index.js';

/** Kinds a report keeps at most (the scorer reads every report's together). */
export const MAX_REPORT_KINDS = 50;

/** A text's terms as the statements' are read (normalizeClaim), for the names and kinds found. */
const termsOf = (text: string): readonly string[] => normalizeClaim({ text, source: 'topic' }).terms;

/** The kinds `statements` name, each once, at most MAX_REPORT_KINDS. */
export function kindsNamed(statements: readonly string[]): KindOf[] {
  const out = new Map<string, KindOf>();
  for (const s of statements) {
    for (const k of kindsIn(s)) if (out.size < MAX_REPORT_KINDS) out.set(`${k.of}\u0000${k.kind}`, k);
    if (out.size >= MAX_REPORT_KINDS) break;
  }
  return [...out.values()];
}

/** The topic read with its subject's other names (given a thesaurus) and the given kinds of it. */
export function topicReading(topic: string, kinds: readonly KindOf[], options: { thesaurus?: Thesaurus } = {}): QuestionAnalysis {
  const read = analyzeQuestion(topic);
  const named = options.thesaurus ? withSubjectSynonyms(read, options.thesaurus, termsOf) : read;
  return withSubjectKinds(named, kinds, termsOf);
}
