// The section label a structured abstract puts before a sentence ("RESULTS:", "Conclusions and
// Relevance:", "Interpretation:"). It belongs to the document's layout, not to the claim: a claim's
// statement and quote start after it (the procedure labels, "METHODS:", "DESIGN:", are read earlier, by
// the screen, and reject their sentence). Only the labels structured abstracts use, in either case: an
// all-capitals word before a colon may be a speaker or a source ("WHO: …"), which stays.
// The slot reader drops more (leadingLabelLength): the procedure names too, and any run of capitalised
// words, since a subject is read without whatever names the section or the speaker (bench:slots measures it).

/** Names of the sections a structured abstract states findings or their context under. */
const FINDING_SECTIONS =
  'results?|findings?|principal findings|main results|key (?:results|findings)|conclusions?|conclusions? and (?:relevance|implications|significance)|interpretation|background|background and (?:aims?|objectives?|purpose)|introduction|context|rationale|importance|significance|summary|discussion|implications';
/** Names of the sections that say what a study set out to do (the screen rejects their sentences). */
const PROCEDURE_SECTIONS = 'methods?|objectives?|aims?|purpose';

const LABEL_RE = new RegExp(`^(?:${FINDING_SECTIONS})\\s*:\\s+(?=\\S)`, 'i');
/** The same names before a colon or a full stop ("Results. Mortality fell…", a heading the splitter left on its sentence). */
const LABEL_OR_STOP_RE = new RegExp(`^(?:${FINDING_SECTIONS})\\s*[:.]\\s+(?=\\S)`, 'i');
/** Any section name, with one "and …" after it ("Methods and Findings:"). */
const ANY_SECTION_RE = new RegExp(`^(?:${FINDING_SECTIONS}|${PROCEDURE_SECTIONS})(?:\\s+and\\s+[a-z]+)?\\s*:\\s+`, 'i');
/** A run of capitalised words before a colon ("BACKGROUND AND AIMS:", "WHO:"); case-sensitive, unlike the names. */
const CAPITALS_RE = /^[A-Z]{3,}(?:\s+(?:AND|OF|[A-Z]{3,})){0,3}\s*:\s+/;

/**
 * Characters of the structured-abstract label a sentence opens with (0 when none). `stop`: a full stop
 * after the name counts too, as the screen has always read it ("Results. We found…"); a claim's statement
 * is cut after a colon only, as measured on Check-COVID's claims (extract-claims.ts).
 */
export function sectionLabelLength(sentence: string, options: { stop?: boolean } = {}): number {
  return (options.stop ? LABEL_OR_STOP_RE : LABEL_RE).exec(sentence)?.[0].length ?? 0;
}

/**
 * Characters of the label the slot reader drops before a sentence: a section name in any case (procedure
 * names included) or a run of capitalised words (a section or a speaker). Broader than sectionLabelLength.
 */
export function leadingLabelLength(sentence: string): number {
  return (ANY_SECTION_RE.exec(sentence) ?? CAPITALS_RE.exec(sentence))?.[0].length ?? 0;
}
