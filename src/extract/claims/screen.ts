// Sentences that are not claims worth checking although they carry claim words: reference-list
// entries, headlines and titles, glossary runs, captions, list fragments, definitions, study
// procedures and recommendations. Each rule is a named pattern, so a rejection can be read and audited
// (bench:research measures them on a labelled sample; bench/data/README.md has the rubric).
import type { TextLanguage } from '../language.js';
import { sectionLabelLength } from './section-label.js';

export type ScreenReason =
  | 'reference_entry'
  | 'headline'
  | 'glossary'
  | 'caption'
  | 'fragment'
  | 'definition'
  | 'procedure'
  | 'meta'
  | 'normative'
  | 'quotation';

/** Words of a quoted sentence up to which it reads as a title ("Entire nation of Kiribati to be relocated…"). */
export const QUOTED_TITLE_MAX_WORDS = 20;
/** Share of capitalised words (after the first, acronyms aside) from which a sentence is headline case. */
export const HEADLINE_CASE_SHARE = 0.7;
/** Fewest words a headline-case test needs ("Big Oil Let Off Hook" has five). */
export const HEADLINE_MIN_WORDS = 5;
/** "Term – definition" pairs from which a sentence is a glossary run. */
export const GLOSSARY_MIN_TERMS = 2;

/** Reference-list furniture: retrieval notes, identifiers, page ranges, volumes, "(2012) Title". */
const REFERENCE_RE =
  /[A-Z][a-z]+,\s[A-Z][a-z]+\s\((?:[A-Z][a-z]+\.?\s\d{1,2},\s)?(?:1[89]|20)\d{2}\)\.?$|^[A-Z][\w.'’-]+(?:\s[A-Z][\w.'’-]+){0,3}\s\((?:[A-Z][a-z]+\.?\s\d{1,2},\s)?(?:1[89]|20)\d{2}[a-z]?\)\.?$|\b(?:1[89]|20)\d{2}[a-z]?,\s*pp?\.\s*\d+|\b(?:Retrieved|Accessed|Archived from the original)\b.{0,40}\b(?:1[89]|20)\d{2}\b|\b(?:ISBN|ISSN|doi|DOI|PMID|PMCID|arXiv)\s*:?\s*\d|\bpp?\.\s*\d+\s*[–-]\s*\d+|\bVol\.\s*\d+|^\(?(?:1[89]|20)\d{2}[a-z]?\)\s|^[A-Z][a-z]+,\s(?:[A-Z]\.\s?){1,3}(?:,|&|and|\(\d{4})/;
/** A cited work ("David Wallace-Wells, "The Uninhabitable Earth …," New York Magazine, July 9, 2017.") or a page citation ("Gelbspan 1998 p. 3"). */
const CITED_WORK_RE =
  /^[A-Z][\w.'’-]+(?:\s[A-Z][\w.'’-]+){0,3},\s["“][^"”]{8,}["”],?\s[^,]{2,60},\s(?:[A-Z][a-z]+\.?\s\d{1,2},\s)?(?:1[89]|20)\d{2}\.?$|^[A-Z][a-z]+(?:\s(?:and|&)\s[A-Z][a-z]+)?\s(?:1[89]|20)\d{2}[a-z]?,?\spp?\.\s?\d+|^[A-Z][a-z]+(?:\s(?:and|&)\s[A-Z][a-z]+|\set al\.)?\s(?:1[89]|20)\d{2}[a-z]?:\s/;
/** Title – programme – site: two or more dash or bar separators between short segments. */
const TITLE_SEPARATOR_RE = /\s[–—|]\s/g;
/** A whole sentence inside quotation marks (a quoted headline or title). */
const QUOTED_SENTENCE_RE = /^["“‘'](?<inner>[^"“”]+)["”’'][.,;]?$/;
/** "Term – lower-case definition": a glossary entry (Habili – reef specific to the Red Sea; …). */
const GLOSSARY_TERM_RE = /(?:^|[.;:)"”]\s*|\s)[A-Z][\w'’-]*(?:\s[\w'’-]+){0,2}\s[–—]\s[a-z]/g;
/** Figure and photo captions. */
const CAPTION_RE =
  /^(?:figure|fig\.|table|image|photo(?:graph)?|map|chart|graph|illustration|diagram|caption|credit|source)s?\s*[0-9A-Z]*\s*[:.–—-]\s|\((?:pictured|left|right|top|bottom|centre|center|inset|above|below)\)/i;
/** Pieces that begin inside a sentence: a lower-case start, a closing bracket, a section sign. */
const FRAGMENT_START_RE = /^(?:[a-z][a-z]|[)\]§,;:]|\((?:[a-z]|e\.g|i\.e)\b)/;
/** A piece of a quotation: it opens a quotation mark that it never closes. */
const QUOTE_PIECE_RE = /^["“‘'](?![^"”’']*["”’'])/;
/** A sentence that does not end (cut off at "(e.g." or a line end). */
const FRAGMENT_END_RE = /(?:\(e\.g\.|\(i\.e\.|[,;:(–—-])\s*$/;
/**
 * Definitions: "X is a/an/the …(that|which|where|used|of)…", "X refers to", "X is defined as",
 * "X occurs when", "The term for …". A definition with a figure, comparison or ranking is a claim.
 */
const DEFINITION_RE =
  /^(?:[A-Z][^,;:]{0,90}?(?:,[^,]{0,60},)?\s(?:is|are)\s(?:a|an|the)\s(?![^;]*\b(?:largest|smallest|highest|lowest|most|least|first|main|major|leading|primary|biggest|only|best|worst)\b)[^;]{0,80}?\b(?:that|which|where|whereby|when|in which|used to|designed to|characteri[sz]ed by)\b|[A-Z][^,;:]{0,90}?\s(?:refers? to|is defined as|are defined as|is the (?:general )?term for|occurs when)\b|The (?:general )?term for\b|[A-Z][^,;:]{0,90}?\s(?:is|are)\s(?:a|an)\s(?:[\w-]+\s)?(?:measure|term|unit|type|form|kind|class|branch|field)\sof\b)/;
/** "In mathematics, a Catalan pseudoprime is …": a term defined within its field. */
const FIELD_DEFINITION_RE =
  /^in\s(?:[a-z]+\s){0,3}(?:and\s)?(?:mathematics|physics|chemistry|biology|economics|statistics|ecology|geology|climatology|meteorology|oceanography|medicine|epidemiology|pharmacology|computing|computer science|linguistics|philosophy|law|finance|astronomy|engineering),\s(?:a|an|the)\s[^,;]{1,60}?\s(?:is|are)\s(?:a|an|the|any)\b/i;
/** "X defines Y as …", "Mass ejections are known as coral bleaching": a definition or a name, whatever figures it holds. */
const DEFINES_AS_RE =
  /^in\s(?:[a-z]+\s){0,3}(?:statistics|mathematics|physics|chemistry|biology|economics|ecology|medicine|epidemiology|computing|linguistics|psychology|sociology),\s(?:a|an|the)\s[^;]{1,120}?\b(?:also (?:known|referred to|called) as)\b|^[A-Z][^;]{0,80}?\bdefines?\s[^;]{1,60}?\sas\b|^[A-Z][^;,]{0,60}?\s(?:is|are)\s(?:also\s)?(?:known|referred to)\sas\b|^[A-Z][^;,]{0,60},\s(?:also\s)?(?:known as|called|referred to as)\s[^,;]{1,60},\s(?:is|are)\s(?:a|an|the)\b/;
/** What a definition may not contain to stay a definition. */
const CLAIM_SIGNAL_IN_DEFINITION_RE = /(?<![A-Za-z])\d|\b(?:more|less|fewer|greater|higher|lower|than|increase[sd]?|decrease[sd]?|cause[sd]?)\b/i;
/** Section labels of abstracts that introduce procedure, not findings. */
const PROCEDURE_LABEL_RE =
  /^(?:methods?|design|design,? settings?,? and participants|setting|participants|interventions?|exposures?|main outcomes? and measures?|(?:main\s)?outcome measures?|data sources?|study selection|eligibility criteria|search strategy|data extraction|objectives?|aims?|purpose|study design|trial registration(?: number)?|registration|funding)\b\s*[:.]?\s/i;
/** Authors describing what they did or will do ("We conducted…", "…, we investigated…"). */
const PROCEDURE_WE_RE =
  /(?:^|,\s)(?:(?:here|in this (?:study|paper|work|article)),?\s)?we\s(?:have\s)?(?:(?:then|also|further|first|next|subsequently|additionally|finally)\s)?(?:aimed|divided|develop|adjust|adjusted|(?:determined|estimated)(?!\s+that)|(?:confirmed|verified)(?!\s+that)|aim|sought|seek|set out|conducted|conduct|performed|perform|investigated|investigate|evaluated|evaluate|assessed|assess|examined|examine|analy[sz]ed|analy[sz]e|collected|collect|enrolled|recruited|designed|used|use|tested|measured|compared|studied|explored|reviewed|searched|surveyed|administered|randomi[sz]ed|assumed|assume|will)\b/i;
/** Passive procedure: "Samples were analysed by…", "Patients were randomly assigned…". */
const PROCEDURE_PASSIVE_RE =
  /\b(?:was|were)\s(?:then\s)?(?:randomly assigned|randomi[sz]ed|enrolled|recruited|collected|screened|categori[sz]ed|measured|assessed|evaluated|analy[sz]ed|obtained|studied|investigated|examined|explored|monitored|tested for|constructed|estimated (?:by|in|among|across|for each)|traced|calculated|sampled|followed up|stratified|derived from|interviewed|surveyed|administered|identified and included|included from)\b|\b(?:is|are)\s(?:derived from|estimated by|calculated)\b|\bhad\s(?:[\w-]+\s){0,2}(?:specimens|samples|swabs|sera|serum|blood)\s(?:tested|collected|taken|drawn|obtained)\b/i;
/**
 * What a study set out to learn, as an indirect question ("the IPCC estimated how much sea level is likely
 * to rise", "we examined whether…"), the arm a participant was put in ("participants assigned to a
 * prime-boost group received…"), or what the authors built ("We have developed … a model"): design, not finding.
 */
const PROCEDURE_DESIGN_RE =
  /\b(?:estimated|examined|investigated|assessed|evaluated|studied|explored|asked|determined|tested|measured|analy[sz]ed)\s(?:how(?:\s(?:much|many|far|often|long))?|whether|which|if)\b|\b(?:assigned|allocated|randomi[sz]ed)\sto\s[^.]{0,80}?\b(?:group|arm|cohort)\b|(?:^|,\s)we\s(?:have\s)?(?:developed|built|constructed|implemented|created)\b/i;
/**
 * Work done for a stated purpose ("CDC performed symptom assessments … to evaluate the utility of…"),
 * and who a sample was ("8014 (94.1%) were men and mean (SD) age was 67.9 years"): design, however many
 * figures it holds. Only a finding verb makes it a result (not a percentage, which describes the sample).
 */
const PROCEDURE_PURPOSE_RE =
  /\b(?:performed|conducted|carried out|undert(?:ook|aken)|administered)\b[^.;]{0,160}?\bto\s(?:evaluate|assess|determine|examine|investigate|estimate|characteri[sz]e|compare|test|measure|explore|quantify)\b/i;
const SAMPLE_DESCRIPTION_RE =
  /\b(?:mean|median|average)\s(?:[([]\w+[)\]]\s)?age[,:]?\s(?:was|were|of|\d)|\b(?:were|was)\s(?:aged\s)?\d+\s?[-–]\s?\d+\s(?:years?|yrs?)(?:\sold|\sof age)?\b|\bamong\s(?:the\s)?\d[\d,]*\s(?:patients|participants|subjects|individuals|adults|children)\s(?:included|enrolled|recruited)\b|\b(?:were|was)\s(?:men|women|male|female|boys|girls)\b|\bsample\s(?:included|comprised|consisted of)\b/i;
/** Finding verbs: what still makes a design sentence a result when it describes a sample in figures. */
const FINDING_VERB_RE =
  /\b(?:because of|due to|found|show(?:ed|s|n)|demonstrat\w*|suggest\w*|indicat\w*|reveal\w*|conclud\w*|associat\w*|significant\w*|died|detected|effective|ineffective|increased|decreased|reduced|improved)\b|\b[pP]\s*[<=>]/;
/** What the authors' analysis uses or rests on ("Our epidemiological analysis uses…"). */
const PROCEDURE_OUR_RE =
  /^our\s(?:[\w-]+\s){0,2}(?:analysis|study|model|approach|method|framework|data(?:set)?|networks?)\s(?:uses?|used|relies|relied|is based|was based|draws?|combines?|includes?|is derived|are derived)\b/i;
/** Study subjects under a procedure verb ("Patients were excluded", "Samples were tested"). */
const PROCEDURE_STUDY_RE =
  /^(?:all\s|the\s)?(?:\d[\d,]*\s)?(?:patients|participants|subjects|samples|specimens|cases|residents|individuals|volunteers|mice|animals|cells|studies|articles|trials|records|data|models?)\b[^.]{0,80}?\b(?:was|were)\s(?:included|excluded|used|defined|classified|done|performed|conducted|tested|treated with)\b/i;
/** Who a study took in: "The trial included 103 participants…", "…were included in this analysis". */
const PROCEDURE_COHORT_RE =
  /\b(?:study|trial|analysis|cohort|sample|survey|review|registry)\s(?:included|enrolled|recruited|comprised|involved)\s(?:a total of\s)?\d|\b(?:was|were)\sincluded\sin\s(?:this|the|our)\s(?:analysis|study|trial|review|cohort)\b|\bwe\s(?:identified|included|retrieved|screened)\s(?:a total of\s)?\d[\d,]*\s(?:[\w-]+\s)?(?:papers|studies|articles|reports|records|trials|patients|participants|cases|individuals)\b|\b(?:fulfilled|met|satisfied)\s(?:the\s|all\s)?(?:study|inclusion|eligibility|enrol?lment)\scriteria\b/i;
/** Aims of a study: what it set out to learn is not what it found. */
const PROCEDURE_AIM_RE =
  /^(?:we\s(?:aimed|aim|sought|seek|set out|intend(?:ed)?)\b|the\s(?:aims?|objectives?|purpose|goals?)\sof\s(?:this|the|our|the present)\s(?:study|work|paper|trial|review|analysis)\s(?:was|were|is|are)\b|this\s(?:study|work|paper|trial|review)\saim(?:s|ed)\b)/i;
/** Statements about the study or the state of knowledge, not about the world. */
const META_RE =
  /^(?:(?:here|in this (?:study|paper|work|article)),?\s)?we\s(?:report|focus)\b(?!\s+that)|\bour\s(?:[\w-]+\s)?(?:estimates?|model|method|approach|framework|analysis)(?:\s(?:of|for)\s[^,;]{1,60}?)?\s(?:is|are|was|were)\s(?:stable|robust|valid|accurate|consistent)\b|^(?:one|another|an|a|the)\s(?:(?:main|key|common|popular|competing)\s)?(?:argument|view|hypothesis|theory|explanation|position|interpretation)\s(?:is|was)\s(?:that\b|the\s(?:idea|view|argument|hypothesis)\b)|\blimitations?\s(?:to|of|in)\s(?:our|this|the)\s(?:analysis|study|work|approach)\b|\bremains?\sto\sbe\s(?:determined|established|elucidated|clarified|seen|understood)\b|^(?:(?:here|in this (?:study|paper|work|article)),?\s)?we\s(?:describe|report on|present|review|discuss|propose|address|study|investigate|examine|explore|consider)\b|\b(?:remains?|is|are)\s(?:(?:still|currently|largely|as yet|so far)\s)*(?:undefined|unknown|unclear|poorly understood|not (?:well |fully )?understood|understudied|uncharacteri[sz]ed)\b|\blittle (?:is known|knowledge)\b|^the following\s(?:table|list|figure|section|chart|map)s?\b|\b(?:interpretation|generali[sz]ability|our (?:study|analysis|findings))\s(?:is|was|are|were)\slimited\sby\b|\bour\s(?:[\w-]+\s)?(?:model|approach|method|framework|tool|analysis)\s(?:supports|allows|enables|can inform|could inform|provides)\b|\b(?:there is|there remains|remains) a lack of (?:understanding|knowledge)\b|\b(?:is|are)\s(?:also\s)?(?:discussed|presented|described|outlined)\.?$|^(?:a|an|one|the)\s(?:[\w-]+\s){0,2}(?:open\s)?questions?\s(?:in|of|about|is|remains|concerns)\b|\bprovides?\s(?:a|an|the)\s(?:[\w-]+\s){0,2}(?:opportunity|framework|basis|means)\sto\b|\bto\s(?:the best of\s)?our knowledge,?\s(?:this|ours|it|the present\s[\w-]+)\s(?:is|was|represents)\s(?:the\s)?first\b/i;
/** Outcome definitions of a study design. */
const PROCEDURE_OUTCOME_RE =
  /^(?:the\s)?(?:(?:two|three|four)\s)?(?:composite\s)?(?:primary|secondary|main|co-primary)\s(?:composite\s)?(?:outcomes?|end ?points?|outcome measures?)(?:\sof interest)?\s(?:was|were|is|are|included)\b|^(?:the\s)?(?:analyses|measures|variables|covariates|data)\s(?:included|comprised)\s?:|^the\s(?:follow-up|study|observation|enrol?lment|recruitment)\s(?:period|duration)\s(?:was|lasted|ran)\b|^(?:inclusion|exclusion|eligibility)\scriteria\b/i;
/**
 * What turns a procedure sentence into a finding: the finding verbs, and also any form of a change,
 * comparisons and percentages (a sample described in figures is judged by FINDING_VERB_RE alone).
 */
const FINDING_SIGNAL_RE = new RegExp(
  `${FINDING_VERB_RE.source}|\\b(?:find|finds|show|increas\\w*|decreas\\w*|reduc\\w*|improv\\w*|higher|lower|more|less|fewer|than|none|positive|negative)\\b|%`,
);
/** Results that a recommendation may ride on ("FPV showed significantly better…; these results should…"). */
const RESULT_SIGNAL_RE = /%|\b(?:showed|shown|significant\w*|higher|lower|reduc\w*|increas\w*|decreas\w*)\b/i;
/** Recommendations: what someone should do is not a fact to check. */
const NORMATIVE_RE =
  /\b(?:should|ought to)\b|^(?:background:\s)?[a-z]+ing\b[^.;]{0,160}?\b(?:is|are)\s(?:urgently\s)?(?:needed|required|warranted)\b|\b(?:deserves?|warrants?)\sfurther\b|\bit is (?:vital|essential|crucial|imperative|critical|important|necessary) to\b|\bthere (?:is|remains) an? (?:urgent |pressing |clear )?need\b|\b(?:further|larger|more|additional|future|well-designed)\s(?:[\w-]+\s)?(?:studies|trials|research|work|investigations?|data)\s(?:is|are)\s(?:urgently\s)?(?:needed|required|warranted)\b/i;
/** The authors' advice. */
const RECOMMEND_RE = /\bwe\s(?:(?:strongly|therefore|thus)\s)?(?:recommend|advise|urge)\b/i;
/** Someone's words quoted directly ("Mann said, "Ten years ago…""): what a person said, not a claim to check as such. */
const QUOTATION_RE =
  /^[^"“]{0,120}\b(?:said|says|stated|states|told|wrote|writes|remarked|added|argued|argues|declared)\b[^"“]{0,30}[,:]\s*["“]|^[^"“:]{0,120}\b(?:said|says|stated|told\s(?:the\s)?[A-Z][\w.]*(?:\s[A-Z][\w.]*){0,3})\s*:\s+\p{Lu}/u;

/** TeX markup of a formula, as Wikipedia's text export leaves it. */
const FORMULA_RE = /\{\\(?:displaystyle|textstyle|frac|mathrm)\b/;

/**
 * A table row as extraction writes it, its cells joined by " | " (HTML and Markdown tables, html-blocks.ts):
 * "Screens before bed | 7.1" states nothing a reader can check alone (it stays evidence). A site's name after a
 * headline ("… study | The Japan Times") is no claim either.
 */
const TABLE_ROW_RE = /\S \| \S/;

/**
 * An abstract's procedure section label ("METHODS:", "Participants.", "DESIGN We…"): followed by a colon
 * or full stop, written in capitals, or followed by a new sentence. "Methods agree that the glacier has
 * lost ice" and "Participants reported…" open with the same words and are findings.
 */
export function opensWithProcedureLabel(text: string): boolean {
  const m = PROCEDURE_LABEL_RE.exec(text);
  if (!m) return false;
  const label = m[0].trim();
  return /[:.]$/.test(label) || label === label.toUpperCase() || /^\p{Lu}/u.test(text.slice(m[0].length));
}

const wordsOf = (s: string): string[] => s.split(/\s+/).filter(Boolean);

/** Headline case: most words after the first capitalised, acronyms and numbers aside. */
export function isHeadlineCase(text: string): boolean {
  const words = wordsOf(text.replace(/[“”"‘’'()[\]:;,.!?]/g, ' '))
    .slice(1)
    .filter((w) => /^\p{L}/u.test(w) && !/^\p{Lu}{2,}\b/u.test(w) && !/\d/.test(w));
  if (words.length < HEADLINE_MIN_WORDS - 1) return false;
  const capital = words.filter((w) => /^\p{Lu}/u.test(w)).length;
  return capital / words.length >= HEADLINE_CASE_SHARE;
}

function isTitleConcatenation(text: string): boolean {
  const separators = text.match(TITLE_SEPARATOR_RE)?.length ?? 0;
  if (separators < 2) return false;
  const segments = text.split(TITLE_SEPARATOR_RE);
  return segments.filter((s) => wordsOf(s).length <= 5).length >= 2;
}

/** Why a sentence is not a claim worth checking, or undefined. `clause`: a clause split off a run-on sentence (it may start in lower case). */
export function screenSentence(options: { text: string; language: TextLanguage; clause?: boolean }): ScreenReason | undefined {
  const t = options.text.trim().replace(/^(?:[•▪◦*·]|[-–—](?=\s))\s*/u, '');
  if (options.language === 'ja') return screenJapanese(t);
  if (CAPTION_RE.test(t)) return 'caption';
  // A formula pasted as TeX ("Pr ( A 5 | A 1 ) = … {\displaystyle …}") is markup, not a sentence.
  if (FORMULA_RE.test(t) || TABLE_ROW_RE.test(t)) return 'fragment';
  if (REFERENCE_RE.test(t) || CITED_WORK_RE.test(t) || isTitleConcatenation(t)) return 'reference_entry';
  const quoted = QUOTED_SENTENCE_RE.exec(t)?.groups?.inner;
  if (quoted !== undefined && (wordsOf(quoted).length <= QUOTED_TITLE_MAX_WORDS || isHeadlineCase(quoted))) return 'headline';
  if (isHeadlineCase(t)) return 'headline';
  if ((t.match(GLOSSARY_TERM_RE)?.length ?? 0) >= GLOSSARY_MIN_TERMS) return 'glossary';
  if ((!options.clause && FRAGMENT_START_RE.test(t)) || FRAGMENT_END_RE.test(t) || QUOTE_PIECE_RE.test(t)) return 'fragment';
  if ((DEFINITION_RE.test(t) && !CLAIM_SIGNAL_IN_DEFINITION_RE.test(t)) || DEFINES_AS_RE.test(t) || FIELD_DEFINITION_RE.test(t)) return 'definition';
  const unlabelled = t.slice(sectionLabelLength(t, { stop: true }));
  if (META_RE.test(unlabelled)) return 'meta';
  if (opensWithProcedureLabel(t) || PROCEDURE_OUTCOME_RE.test(unlabelled) || PROCEDURE_AIM_RE.test(unlabelled)) return 'procedure';
  if (PROCEDURE_OUR_RE.test(unlabelled)) return 'procedure';
  // Who the patients were ("all patients who tested positive were included") is not a finding.
  const signals = unlabelled.replace(/\b(?:tested|were|was)\s(?:positive|negative)\b/gi, 'tested');
  if (
    (PROCEDURE_PURPOSE_RE.test(unlabelled) || SAMPLE_DESCRIPTION_RE.test(unlabelled) || PROCEDURE_COHORT_RE.test(unlabelled)) &&
    !FINDING_VERB_RE.test(signals)
  )
    return 'procedure';
  if (
    (PROCEDURE_WE_RE.test(unlabelled) ||
      PROCEDURE_PASSIVE_RE.test(unlabelled) ||
      PROCEDURE_STUDY_RE.test(unlabelled) ||
      PROCEDURE_DESIGN_RE.test(unlabelled)) &&
    !FINDING_SIGNAL_RE.test(signals)
  )
    return 'procedure';
  if (QUOTATION_RE.test(t)) return 'quotation';
  if (NORMATIVE_RE.test(t) && !RESULT_SIGNAL_RE.test(t)) return 'normative';
  // "We recommend increasing…": what follows is the advice, so only a result before it keeps the sentence.
  const advice = RECOMMEND_RE.exec(t);
  if (advice && !RESULT_SIGNAL_RE.test(t.slice(0, advice.index))) return 'normative';
  return undefined;
}

/** Japanese: captions (図1 / 表2 / 写真), references (「」 titles alone), bullet fragments, procedures. */
const JA_CAPTION_RE = /^(?:図|表|写真|画像|出典|資料)\s*[0-9０-９]*\s*[:：.．、\s]/;
const JA_TITLE_RE = /^[「『][^」』]+[」』][。．]?$/;
const JA_PROCEDURE_RE = /^(?:方法|対象|目的|デザイン)\s*[:：]|(?:を対象に|を用いて)(?:調査|解析|測定|評価)(?:した|を行った)。?$/;
const JA_NORMATIVE_RE = /(?:べきである|べきだ|すべき|必要がある)。?$/;

function screenJapanese(t: string): ScreenReason | undefined {
  if (JA_CAPTION_RE.test(t)) return 'caption';
  if (JA_TITLE_RE.test(t)) return 'headline';
  if (/^[、，）)」』]/.test(t)) return 'fragment';
  if (JA_PROCEDURE_RE.test(t)) return 'procedure';
  if (JA_NORMATIVE_RE.test(t)) return 'normative';
  return undefined;
}
