// Relevance of a claim to a question: is it about the question's subject, and about what is asked
// of it? Documented in docs/guide.md ("lyra research", NORMALIZE):
//
//   w(t)       = ln(1 + N / (1 + df(t)))   rarity of term t among the N claims read (df: claims holding t)
//   subject S  = Σ w(t) over the subject terms the claim holds ÷ Σ w(t) over all subject terms, the
//                subject's head noun (its last word that is not a GENERIC_HEADS noun, for a question
//                with a syntactic subject) weighing HEAD_WEIGHT × w; halved when the claim lacks the head
//                or one of the subject's names (capitalised words: "Greenland" of "the Greenland ice sheet")
//   aspect  A  = the same share over the question's other key terms (1 when it has none), halved when
//                the claim lacks the question's predicate (its first aspect term that is not a light verb);
//                aspect terms held by more than UBIQUITOUS_SHARE of the run's claims (the corpus's own
//                topic: "COVID-19" over a COVID corpus) do not count, unless nothing else is asked
//   relevance  = S × (ASPECT_FLOOR + (1 − ASPECT_FLOOR) × A), halved when S < SUBJECT_MIN
//
// A term counts as held when the claim has it, a near form of it (same first letters: "warming" /
// "warm", "acidification" / "acidic") or a near synonym (ENTITY_SYNONYMS, PREDICATE_SYNONYMS); a subject term also
// when the claim names its span otherwise (QuestionAnalysis.subjectSynonyms: "ascorbic acid" holds "vitamin" and
// "c" of "vitamin C"). So a claim must name the
// subject to be relevant, and a frequent word of the corpus ("climate change" in a climate corpus)
// weighs little: an IPCC sentence does not become relevant to a question about coral reefs.
import type { QuestionAnalysis, SubjectSynonym } from './question.js';

/** Share of the subject's weight a claim must hold; below it the relevance is halved (it cannot reach MIN_RELEVANCE with a subject half-named). */
export const SUBJECT_MIN = 0.5;
/** Relevance of a claim naming the subject but nothing of what is asked, as a share of S. */
export const ASPECT_FLOOR = 0.25;
/** Share of the run's claims from which an aspect term is the corpus's own topic and no longer counts. */
export const UBIQUITOUS_SHARE = 0.2;
/** Fewest claims over which a share says anything (a run reads hundreds). */
export const UBIQUITOUS_MIN_CLAIMS = 20;
/** What a claim's aspect share keeps when it does not say the question's predicate. */
export const PREDICATE_MISSING_FACTOR = 0.5;
/** Weight of the subject's head noun (its last term, English) against its modifiers: "face masks" is about masks. */
export const HEAD_WEIGHT = 2;
/** Least shared prefix (characters) for two terms to be near forms of each other, and its share of the shorter term. */
export const NEAR_FORM_PREFIX = 5;
export const NEAR_FORM_SHARE = 0.75;

/**
 * Near synonyms by lemma (data, not inference): each group's words stand for one another when a
 * question's term is among them. Kept small and literal so every match can be read. Names of things
 * (ENTITY_SYNONYMS) serve the subject and the aspects; what is said of them (PREDICATE_SYNONYMS) only
 * the aspects, so "increase" never stands in for the subject "sea level rise".
 */
export const ENTITY_SYNONYMS: ReadonlyArray<readonly string[]> = [
  ['coral', 'reef'],
  ['mask', 'facemask', 'face-mask', 'respirator', 'n95', 'masking'],
  ['covid-19', 'covid', 'sars-cov-2', 'coronavirus', '2019-ncov', 'ncov', 'sars-cov2'],
  ['vaccine', 'vaccination', 'vaccinate', 'immunization', 'immunisation'],
  ['hydroxychloroquine', 'hcq', 'chloroquine'],
  ['child', 'children', 'pediatric', 'paediatric', 'infant', 'adolescent', 'kid'],
  ['diabetes', 'diabetic', 'glycemic', 'glucose'],
  ['climate', 'warming', 'greenhouse'],
];
export const PREDICATE_SYNONYMS: ReadonlyArray<readonly string[]> = [
  [
    'die',
    'death',
    'dead',
    'dying',
    'decline',
    'loss',
    'lose',
    'kill',
    'mortality',
    'bleach',
    'bleaching',
    'destroy',
    'destruction',
    'degrade',
    'degradation',
    'collapse',
    'extinct',
    'extinction',
    'damage',
    'perish',
    'threat',
    'threaten',
  ],
  ['cause', 'because', 'due', 'drive', 'driver', 'attribute', 'attributable', 'result', 'lead', 'contribute', 'responsible', 'blame', 'trigger'],
  ['climate', 'warming', 'greenhouse', 'temperature', 'heat', 'warm'],
  ['increase', 'rise', 'grow', 'growth', 'higher', 'rising', 'elevated', 'elevate'],
  [
    'decrease',
    'decline',
    'fall',
    'drop',
    'reduce',
    'reduction',
    'lower',
    'low',
    'minimum',
    'shrink',
    'shrinkage',
    'retreat',
    'thin',
    'thinning',
    'loss',
    'lose',
    'melt',
    'disappear',
    'vanish',
    'cease',
    'free',
  ],
  ['accelerate', 'acceleration', 'faster', 'speed', 'rate'],
  ['human', 'anthropogenic', 'man-made', 'people', 'emission'],
  ['activity', 'emission', 'anthropogenic', 'industrial'],
  ['melt', 'melting', 'retreat', 'loss', 'thaw'],
  [
    'reduce',
    'prevent',
    'protect',
    'protection',
    'block',
    'filter',
    'lower',
    'decrease',
    'limit',
    'mitigate',
    'mitigation',
    'effective',
    'effectiveness',
    'benefit',
  ],
  ['spread', 'transmission', 'transmit', 'transmissibility', 'infection', 'infect', 'contagion', 'epidemic'],
  ['mortality', 'death', 'die', 'fatality', 'survival'],
  ['safe', 'safety', 'adverse', 'harm', 'harmful', 'risk'],
  ['cure', 'treat', 'treatment', 'therapy', 'effective', 'efficacy'],
  // How severe a disease is: its outcomes, from no symptoms to death.
  [
    'severe',
    'severity',
    'critical',
    'serious',
    'death',
    'die',
    'fatal',
    'fatality',
    'icu',
    'ventilation',
    'hospitalization',
    'hospitalisation',
    'asymptomatic',
    'mild',
    'symptomatic',
  ],
];
/**
 * One-way readings of a question's term: whether something helps is read in its outcomes, good or bad
 * (a drug's harms bear on "help" too). One way, so that "effective" (asked) is not met by "adverse".
 */
export const QUESTION_TERM_READINGS: Readonly<Record<string, readonly string[]>> = {
  help: [
    'benefit',
    'beneficial',
    'effective',
    'efficacy',
    'efficient',
    'improve',
    'improvement',
    'recover',
    'recovery',
    'survival',
    'mortality',
    'death',
    'adverse',
    'harm',
    'harmful',
    'safe',
    'safety',
    'worsen',
    'outcome',
    'shorten',
    'elimination',
    'clearance',
  ],
};
/**
 * Qualifiers of a subject that another word excludes: "young adults" are not "older adults". A claim
 * that holds a contrasting word and not the subject's own is not about the subject.
 */
export const CONTRASTING_QUALIFIERS: ReadonlyArray<readonly [readonly string[], readonly string[]]> = [
  [
    ['old', 'elderly', 'aged', 'senior'],
    ['young', 'child', 'children', 'infant', 'adolescent', 'teen', 'teenager', 'pediatric', 'paediatric'],
  ],
];

export interface TermWeights {
  /** Claims the weights were counted over. */
  n: number;
  df: ReadonlyMap<string, number>;
}

/** Document frequencies of terms over a set of claims (each claim's terms counted once). */
export function termWeights(claims: ReadonlyArray<readonly string[]>): TermWeights {
  const df = new Map<string, number>();
  for (const terms of claims) for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  return { n: claims.length, df };
}

export function weightOf(weights: TermWeights, term: string): number {
  return Math.log(1 + weights.n / (1 + (weights.df.get(term) ?? 0)));
}

/** Inflections a claim's term may keep when the tagger left it unlemmatised (a capitalised first word: "Older adults…"). */
const INFLECTION_RE = /^(?:e?s|e?d|ing|e?r|e?st)$/;

function nearForm(a: string, b: string): boolean {
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length >= 3 && longer.startsWith(shorter) && INFLECTION_RE.test(longer.slice(shorter.length))) return true;
  const short = Math.min(a.length, b.length);
  if (short < NEAR_FORM_PREFIX) return false;
  let k = 0;
  while (k < short && a[k] === b[k]) k++;
  return k >= NEAR_FORM_PREFIX && k >= NEAR_FORM_SHARE * short;
}

const synonymsOf = (term: string, groups: ReadonlyArray<readonly string[]>): readonly string[] => groups.filter((g) => g.includes(term)).flat();

/**
 * Whether the claim holds the term: itself, a near form of it, or one of its near synonyms (exactly;
 * `predicates`: the predicate groups too). Japanese bigrams match exactly.
 */
export function holdsTerm(claimTerms: ReadonlySet<string>, term: string, options: { predicates?: boolean } = {}): boolean {
  if (claimTerms.has(term)) return true;
  if (/[\u3040-\u30ff\u4e00-\u9fff]/u.test(term)) return false;
  const synonyms = new Set([
    ...synonymsOf(term, options.predicates ? [...ENTITY_SYNONYMS, ...PREDICATE_SYNONYMS] : ENTITY_SYNONYMS),
    ...(options.predicates ? (QUESTION_TERM_READINGS[term] ?? []) : []),
  ]);
  for (const c of claimTerms) if (nearForm(term, c) || synonyms.has(c)) return true;
  return false;
}

/**
 * Subject match: the rarity-weighted share of the subject's terms held, its head counting HEAD_WEIGHT
 * times; a claim that does not hold the head gets half ("CO2 levels" is not about "sea level rise").
 */
function subjectShare(
  terms: readonly string[],
  have: ReadonlySet<string>,
  weights: TermWeights,
  head: string | undefined,
  names: readonly string[],
  synonyms: ReadonlyArray<SubjectSynonym>,
): number {
  // A span of the subject named otherwise ("ascorbic acid" for "vitamin C") holds the span's terms.
  const named = new Set(synonyms.filter((s) => s.alternatives.some((alt) => alt.every((a) => holdsTerm(have, a)))).flatMap((s) => s.terms));
  // Each term is looked up once: the head and the names are subject terms too.
  const holds = heldTerms(terms, (t) => named.has(t) || holdsTerm(have, t));
  let total = 0;
  let held = 0;
  for (const t of terms) {
    const w = weightOf(weights, t) * (t === head ? HEAD_WEIGHT : 1);
    total += w;
    if (holds(t)) held += w;
  }
  const share = total > 0 ? held / total : 0;
  const missesHead = head !== undefined && terms.length > 1 && !holds(head);
  const missesName = names.some((n) => !holds(n));
  return missesHead || missesName || contrasted(terms, have) ? share / 2 : share;
}

/** Whether the claim holds each term, computed once per term (terms outside the list are looked up when asked). */
function heldTerms(terms: readonly string[], holds: (term: string) => boolean): (term: string) => boolean {
  const known = new Map(terms.map((t) => [t, holds(t)]));
  return (t) => known.get(t) ?? holds(t);
}

/** The claim names a qualifier that excludes one of the subject's ("young adults" for "older adults") and not the subject's own. */
function contrasted(subjectTerms: readonly string[], have: ReadonlySet<string>): boolean {
  const excludes = (own: readonly string[], other: readonly string[]): boolean =>
    subjectTerms.some((t) => own.includes(t)) && !own.some((w) => have.has(w)) && other.some((w) => have.has(w));
  return CONTRASTING_QUALIFIERS.some(([a, b]) => excludes(a, b) || excludes(b, a));
}

/**
 * Aspect match: the rarity-weighted share of the aspect terms held (1 when the question has none). A
 * claim word that is one of the subject's own terms does not count as an aspect ("sea levels rise"
 * holds the subject "sea level rise", not "accelerate").
 */
function aspectShare(
  terms: readonly string[],
  have: ReadonlySet<string>,
  weights: TermWeights,
  subjectTerms: readonly string[],
  predicate: string | undefined,
): number {
  const rest = new Set([...have].filter((c) => !subjectTerms.some((t) => holdsTerm(new Set([c]), t))));
  // Each term is looked up once: the predicate is an aspect term too.
  const holds = heldTerms(terms, (t) => holdsTerm(rest, t, { predicates: true }));
  let total = 0;
  let held = 0;
  // A term most claims of the run hold ("COVID-19" over a COVID corpus) says nothing about what is asked.
  const informative = weights.n < UBIQUITOUS_MIN_CLAIMS ? terms : terms.filter((t) => (weights.df.get(t) ?? 0) / weights.n <= UBIQUITOUS_SHARE);
  for (const t of informative.length > 0 ? informative : terms) {
    const w = weightOf(weights, t);
    total += w;
    if (holds(t)) held += w;
  }
  const share = total > 0 ? held / total : 0;
  return predicate !== undefined && terms.length > 1 && !holds(predicate) ? share * PREDICATE_MISSING_FACTOR : share;
}

export interface RelevanceParts {
  subject: number;
  aspect: number;
  relevance: number;
}

/** Relevance of a claim (its content terms) to a question, with its parts; see the formula above. */
export function claimRelevance(
  question: Pick<QuestionAnalysis, 'subjectTerms' | 'aspectTerms' | 'head' | 'names' | 'predicate' | 'subjectSynonyms'>,
  claimTerms: readonly string[],
  weights: TermWeights,
): RelevanceParts {
  const have = new Set(claimTerms);
  const s = subjectShare(question.subjectTerms, have, weights, question.head, question.names ?? [], question.subjectSynonyms ?? []);
  const a = question.aspectTerms.length > 0 ? aspectShare(question.aspectTerms, have, weights, question.subjectTerms, question.predicate) : 1;
  const raw = s * (ASPECT_FLOOR + (1 - ASPECT_FLOOR) * a);
  const relevance = s >= SUBJECT_MIN ? raw : raw / 2;
  const r3 = (x: number): number => Math.round(x * 1000) / 1000;
  return { subject: r3(s), aspect: r3(a), relevance: r3(relevance) };
}

/** The best relevance over several readings of one question (the question and its translations). */
export function bestRelevance(
  questions: ReadonlyArray<Pick<QuestionAnalysis, 'subjectTerms' | 'aspectTerms' | 'head' | 'names' | 'predicate' | 'subjectSynonyms'>>,
  claimTerms: readonly string[],
  weights: TermWeights,
): RelevanceParts {
  let best: RelevanceParts = { subject: 0, aspect: 0, relevance: 0 };
  for (const q of questions) {
    const r = claimRelevance(q, claimTerms, weights);
    if (r.relevance > best.relevance) best = r;
  }
  return best;
}
