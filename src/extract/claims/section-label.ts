// The section label a structured abstract puts before a sentence ("RESULTS:", "Conclusions and
// Relevance:", "Interpretation:"). It belongs to the document's layout, not to the claim: a claim's
// statement and quote start after it (the procedure labels, "METHODS:", "DESIGN:", are read earlier, by
// the screen, and reject their sentence). Only the labels structured abstracts use, in either case: an
// all-capitals word before a colon may be a speaker or a source ("WHO: …"), which stays.

const LABEL_RE =
  /^(?:results?|findings?|principal findings|main results|key (?:results|findings)|conclusions?|conclusions? and (?:relevance|implications|significance)|interpretation|background|background and (?:aims?|objectives?|purpose)|introduction|context|rationale|importance|significance|summary|discussion|implications)\s*:\s+(?=\S)/i;

/**
 * A label before a sentence as the slot reader drops it: a title-case section name ("Results:",
 * "Conclusions and Relevance:"), or a run of capitalised words ("BACKGROUND AND AIMS:", "WHO:"). Broader
 * than sectionLabelLength, since a subject is read without whatever names the section or the speaker
 * (bench:slots measures it).
 */
export const LEADING_LABEL_RE =
  /^(?:[A-Z]{3,}(?:\s+(?:AND|OF|[A-Z]{3,})){0,3}|(?:Results?|Findings?|Importance|Conclusions?|Background|Methods?|Interpretation|Objectives?|Aims?|Introduction|Purpose|Discussion|Summary|Significance)(?:\s+and\s+[A-Za-z]+)?)\s*:\s+/;

/** Characters of the structured-abstract label a sentence opens with (0 when none). */
export function sectionLabelLength(sentence: string): number {
  return LABEL_RE.exec(sentence)?.[0].length ?? 0;
}
