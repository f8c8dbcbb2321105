// Which sentences of a passage may decide a stance. A sentence that states no finding — a study's
// procedure ("METHODS: We assessed the safety of tocilizumab…", "PARTICIPANTS: 150 patients … were
// included"), a figure caption or a glossary run — cannot be evidence that a claim is true or false,
// however the network scores it against the claim: its words overlap the claim's, not its content. Such
// a sentence stays neutral (it keeps its probabilities and can still be the passage's most relevant
// sentence).
//
// Narrower than the claim screen (extract/claims), on purpose: what is not a claim worth checking can
// still be evidence. A headline or a quoted reference entry states a finding ("June was hottest ever
// recorded on Earth"); a recommendation can bear on a normative claim; a cohort told in percentages
// ("most were aged 30-79 years (86.6%) … and considered mild (80.9%)") is the evidence for "80 % of
// cases are mild". So a procedure sentence is kept out only when it opens with a procedure section label
// or gives no percentage. A Japanese line with no full stop, no predicate's ending and no は or が is a
// heading or a label ("海水温の上昇とサンゴの白化": "sea temperature rise and coral bleaching") and states
// nothing at all (isJapaneseLabelLine).
import { detectLanguage, isJapaneseLabelLine, opensWithProcedureLabel, screenSentence, type ScreenReason } from '../../extract/index.js';

const PERCENT_RE = /%|％|\bper ?cent\b/i;

/** Why the sentence cannot decide a stance, or undefined when it can. */
export function nonEvidenceReason(sentence: string): ScreenReason | 'no_predicate' | undefined {
  const language = detectLanguage(sentence);
  if (language === 'ja' && isJapaneseLabelLine(sentence)) return 'no_predicate';
  const reason = screenSentence({ text: sentence, language });
  if (reason === 'caption' || reason === 'glossary') return reason;
  if (reason === 'procedure' && (opensWithProcedureLabel(sentence) || !PERCENT_RE.test(sentence))) return reason;
  return undefined;
}
