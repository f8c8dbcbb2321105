// A sentence that reports what happened when the claim's subject was taken away states the claim's finding
// in reverse: "After Calgary stopped adding fluoride to its water supply, tooth decay … increased" is
// evidence that fluoridation reduces tooth decay, and the default judge reads it as refuting that claim
// (0.84: "increased" against "reduces"; the pretrained judge leans the same way, 0.68, under its bar). A withdrawal design — a drug discontinued, a programme
// ended, a species removed — is common in health and ecology, and its direction words always run against
// the claim's. The judges cannot read the reversal, so such a sentence does not decide a claim that says
// nothing of a withdrawal (decide.ts): it stays neutral with its probabilities, as precision first wants.
// English only. Conservative, because an effect verb reads like a withdrawal ("Vaccination stopped the
// spread of measles"):
//   - the withdrawal word comes before the subject's word, at most MAX_GAP_WORDS between ("stopped adding
//     fluoride", "discontinuation of statin therapy", "the removal of the dams"; a ban only "on" or "of" it);
//     "end" is left out, being a noun more often than not ("after the Little Ice Age's end, glaciers…");
//   - or the subject's word comes first, as a passive ("fluoridation was discontinued") or with an
//     intransitive "ceased"/"ended" ("after fluoridation ceased");
//   - the subject's words are the content words of the claim's subject slot (four letters or more, not a
//     stop word of words/tokens.ts), each matched by its first MATCH_PREFIX letters ("fluoride" for
//     "fluoridation").
import type { TextLanguage } from '../language.js';
import { isWordToken, tokenize } from '../words/tokens.js';
import { extractSlots } from './slots.js';

/** Words between a withdrawal word and the subject's word it governs ("stopped [adding] fluoride"). */
export const MAX_GAP_WORDS = 2;
/** Letters of a subject word that a sentence's word must share from its start ("fluorid…"). */
export const MATCH_PREFIX = 7;

const WITHDRAWAL_BEFORE =
  /^(?:stop|stops|stopped|stopping|cease|ceases|ceased|ceasing|cessation|discontinue|discontinues|discontinued|discontinuing|discontinuation|withdraw|withdraws|withdrew|withdrawn|withdrawing|withdrawal|remove|removes|removed|removing|removal|halt|halts|halted|halting|suspend|suspends|suspended|suspending|suspension|quit|quits|quitting|abandon|abandons|abandoned|abandoning|abandonment|ban|bans|banned|banning)$/;
/** "A ban on X", "banned X": a ban from a place ("the travel ban from Wuhan") takes nothing away. */
const BAN = /^ban/;
const PASSIVE_AUX = /^(?:is|are|was|were|been|be|being|got)$/;
const WITHDRAWN_PARTICIPLE = /^(?:stopped|ceased|discontinued|withdrawn|removed|halted|suspended|ended|abandoned|banned)$/;
const INTRANSITIVE_END = /^(?:ceased|ended)$/;
/** The text's words and numbers, lower case, punctuation dropped: the project's tokens (words/tokens.ts), as the subject's words are read. */
const words = (text: string): string[] =>
  tokenize(text)
    .filter(isWordToken)
    .map((t) => t.word);

/** Content words of the statement's subject slot (the whole statement when no verb is found). */
function subjectWords(statement: string, language: TextLanguage): string[] {
  const { slots } = extractSlots(statement, language);
  const subject = slots.predicate === undefined ? statement : (slots.subject ?? '');
  return [
    ...new Set(
      tokenize(subject)
        .filter((t) => !t.stop && t.word.length >= 4 && /^[a-z]/.test(t.word))
        .map((t) => t.word),
    ),
  ];
}

const matches = (word: string, subject: readonly string[]): boolean =>
  subject.some((s) => word === s || (word.length >= MATCH_PREFIX && s.length >= MATCH_PREFIX && word.slice(0, MATCH_PREFIX) === s.slice(0, MATCH_PREFIX)));

/** Whether `text` says one of `subject`'s words was taken away (stopped, discontinued, removed…). */
function saysWithdrawn(text: string, subject: readonly string[]): boolean {
  const w = words(text);
  for (let i = 0; i < w.length; i++) {
    if (!matches(w[i]!, subject)) continue;
    // "stopped adding fluoride", "discontinuation of statins"
    for (let j = Math.max(0, i - 1 - MAX_GAP_WORDS); j < i; j++) {
      if (!WITHDRAWAL_BEFORE.test(w[j]!)) continue;
      if (!BAN.test(w[j]!) || j + 1 === i || w[j + 1] === 'on' || w[j + 1] === 'of') return true;
    }
    // "fluoridation was discontinued", "after fluoridation ceased"
    const next = w[i + 1];
    if (next !== undefined && INTRANSITIVE_END.test(next)) return true;
    for (let j = i + 1; j <= i + 3 && j + 1 < w.length; j++) if (PASSIVE_AUX.test(w[j]!) && WITHDRAWN_PARTICIPLE.test(w[j + 1]!)) return true;
  }
  return false;
}

/**
 * For one claim: whether a sentence reports the claim's subject taken away while the claim does not
 * (English; never for another language or a claim without a subject). The sentence's direction words run
 * against the claim's, so a judge's verdict on the pair is not to be trusted either way. The claim is read
 * once, the sentences of its passages each in turn.
 */
export function withdrawalCheck(claim: string, language: TextLanguage = 'en'): (sentence: string) => boolean {
  if (language !== 'en') return () => false;
  const subject = subjectWords(claim, language);
  if (subject.length === 0 || saysWithdrawn(claim, subject)) return () => false;
  return (sentence) => saysWithdrawn(sentence, subject);
}

/** `withdrawalCheck(claim, language)(sentence)`. */
export function withdrawsSubject(claim: string, sentence: string, language: TextLanguage = 'en'): boolean {
  return withdrawalCheck(claim, language)(sentence);
}
