// The answer (INTEGRATE, first section of the report): a verdict on the question's proposition.
// A yes/no question's proposition is verified by the engine at the start of VERIFY (Engine.verifyClaim:
// the passages of the task most relevant to it are judged by the stance model); the verdict is the
// claim-status table over those judgements (workflows/answer verdictOf), counting only passages
// relevant to the question themselves. An open question is answered by its relevant claims. With
// nothing relevant the verdict is "insufficient evidence" and the run says which sources it searched.
import { claimId, leaningSide, type EvidenceView } from '../../core/index.js';
import { detectLanguage, findOpeningReference, isTitleText, statesSomething, type ReferenceKind } from '../../extract/index.js';
import { trustScore, type EvidenceItem } from '../../policy/index.js';
import { verdictOf, type Answer, type AnswerQuote, type AnswerVerdict, type ClosestQuote, type UnconfirmedQuote } from '../answer/index.js';
import type { EvidenceItemArtifact, VerifiedClaimItem } from './artifacts.js';
import { VERIFY_PAGES_PER_SEARCH } from './budget.js';
import type { RunContext } from './context.js';
import { MIN_RELEVANCE } from './normalize.js';
import { pickQuote } from './quotes.js';
import { createRelevanceParts } from './relevance.js';
import { isOrigin, sourceKey, type TaskSnapshot } from './snapshot.js';
import type { SearchEntry } from './state.js';

/**
 * Passages from BLOCKED sources neither count for the verdict nor are quoted in the answer: Lyra has
 * decided not to trust the source at all (its weight is 0 in the claim statuses too), so a reader must
 * not meet it as evidence for or against. The claim sections still list it, with its level.
 */
export const answerMayCite = (tier: string): boolean => tier !== 'BLOCKED';

/** Quotes for and against shown in the answer, strongest first. */
export const ANSWER_QUOTES_PER_SIDE = 5;
/**
 * A judged passage counts for the verdict only when its quote names the question's subject: its
 * subject share (workflows/answer) is above this, i.e. it holds at least one of the subject's terms.
 * The engine already chose the passages most relevant to the proposition and the stance model judges
 * what they say of it; this only keeps out passages about something else altogether.
 */
export const ANSWER_EVIDENCE_MIN_SUBJECT = 0;
/**
 * Reference kinds that make a sentence lean on the one before it ("It…", "Such…", "Similar rapid
 * adaption…", "During this time…"): the stance model judged it without its referent, and a reader of
 * the answer cannot check it alone, so it neither counts for the verdict nor is quoted. Definite
 * descriptions ("the reef") and study frames ("These findings suggest…") stand alone well enough.
 */
export const ANSWER_DEPENDENT_REFERENCES: ReadonlySet<ReferenceKind> = new Set(['pronoun', 'possessive', 'demonstrative', 'frame']);

/** The quote stands alone: it does not open with a reference to a sentence the reader is not shown. */
export function standsAlone(text: string, language: 'en' | 'ja'): boolean {
  const ref = findOpeningReference(text, language);
  return !ref || !ANSWER_DEPENDENT_REFERENCES.has(ref.kind);
}
/** Relevant claims that answer an open question. */
export const OPEN_QUESTION_CLAIMS = 10;
/** Search key of the proposition's verification. */
export const ANSWER_ENTRY_KEY = 'verify:answer';

/** The proposition the run verifies, when the question is a yes/no question (or a statement). */
export function propositionOf(ctx: RunContext): string | undefined {
  return ctx.questions[0]?.proposition;
}

/** The engine claim of the proposition (verifyClaim stores it under the id of its statement). */
export function propositionClaimId(ctx: RunContext): string | undefined {
  const p = propositionOf(ctx);
  return p ? claimId(p.replace(/\s+/g, ' ').trim()) : undefined;
}

/** VERIFY's first search: the proposition through Engine.verifyClaim, while the budget still has room. */
export function answerEntry(ctx: RunContext): SearchEntry | undefined {
  const p = propositionOf(ctx);
  if (!p) return undefined;
  return {
    key: ANSWER_ENTRY_KEY,
    phase: 'verify',
    genre: 'answer',
    text: p,
    language: ctx.questions[0]!.language,
    refute: false,
    kind: 'verify',
    maxPages: VERIFY_PAGES_PER_SEARCH,
    status: 'planned',
    newPageIds: [],
    newClaimIds: [],
    touchedClaimIds: [],
  };
}

/** A quote's strength: trust score of its source × the stance model's confidence (policy evidenceWeight). */
const weight = (q: AnswerQuote): number => q.stance_confidence * trustScore(q.tier);

function quotesOf(items: ReadonlyArray<{ quote: AnswerQuote }>): AnswerQuote[] {
  const seen = new Set<string>();
  return items
    .map((i) => i.quote)
    .sort((a, b) => weight(b) - weight(a) || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
    .filter((q) => {
      const k = `${q.url}\u0000${q.quote}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .slice(0, ANSWER_QUOTES_PER_SIDE);
}

export interface AnswerInput {
  snapshot: TaskSnapshot;
  verified: readonly VerifiedClaimItem[];
  evidence: ReadonlyMap<string, EvidenceItemArtifact>;
  /** The source's real address (the example corpus's Wikipedia article), when known. */
  linkOf: (url: string) => string | null;
}

function quoteFromArtifact(e: EvidenceItemArtifact, linkOf: AnswerInput['linkOf']): AnswerQuote {
  return {
    quote: e.quote,
    url: e.url,
    link: linkOf(e.url),
    title: e.title,
    tier: e.tier,
    stance_confidence: e.confidence,
    evidence_id: e.evidence_id,
    citation: null,
    locator: e.locator,
    ...(e.read_as !== undefined ? { read_as: e.read_as } : {}),
  };
}

/**
 * The passages shown as `closest` with an "insufficient evidence" verdict: the proposition's neutral
 * passages leaning most to one side, from sources the answer may cite. They are not evidence for the
 * verdict; the reader judges them. A quote that states nothing — a heading such as "サンゴの白化と海水温",
 * which the judge scores like any passage — is not shown, nor is the source's own title (isTitleText): it
 * only repeats the question's words.
 */
export function closestQuotes(
  views: readonly EvidenceView[],
  options: { citable: (e: EvidenceView) => boolean; textOf: (e: EvidenceView) => string; linkOf: AnswerInput['linkOf'] },
): ClosestQuote[] {
  const seen = new Set<string>();
  const out: ClosestQuote[] = [];
  for (const e of views) {
    if (isOrigin(e) || !e.scores) continue;
    const text = options.textOf(e);
    const key = `${e.source.url}\u0000${text}`;
    if (seen.has(key) || !options.citable(e) || !statesSomething(text, detectLanguage(text)) || isTitleText(text, e.source.title)) continue;
    seen.add(key);
    const leans = leaningSide(e.scores);
    out.push({
      quote: text,
      url: e.source.url,
      link: options.linkOf(e.source.url),
      title: e.source.title ?? null,
      tier: e.source.trustLevel,
      stance_confidence: Math.round(e.scores[leans] * 1000) / 1000,
      evidence_id: null,
      citation: null,
      locator: e.locator,
      ...(e.readAs !== undefined ? { read_as: e.readAs } : {}),
      leans,
    });
  }
  return out.slice(0, ANSWER_CLOSEST_QUOTES);
}

/** The most relevant claims first, then by id. */
const byRelevanceThenId = (a: VerifiedClaimItem, b: VerifiedClaimItem): number => b.relevance - a.relevance || (a.claim_id < b.claim_id ? -1 : 1);

/** A claim's origin evidence: the sentence of the source it was extracted from. */
function originOf(c: VerifiedClaimItem, evidence: AnswerInput['evidence']): EvidenceItemArtifact | undefined {
  return c.supporting_evidence_ids.map((id) => evidence.get(`${c.claim_id}|${id}`)).find((e) => e?.bias_flags.includes('self_source'));
}

/**
 * An open question's most relevant claims, each quoted from the source that states it (its origin edge),
 * from sources the answer may cite: what the sources say when no claim is confirmed or refuted.
 */
export function unconfirmedQuotes(relevantClaims: readonly VerifiedClaimItem[], input: Pick<AnswerInput, 'evidence' | 'linkOf'>): UnconfirmedQuote[] {
  const out: UnconfirmedQuote[] = [];
  const seen = new Set<string>();
  for (const c of [...relevantClaims].sort(byRelevanceThenId)) {
    const origin = originOf(c, input.evidence);
    if (!origin || !answerMayCite(origin.tier)) continue;
    const key = `${origin.url}\u0000${origin.quote}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const { stance_confidence: _s, read_as: _r, ...quote } = quoteFromArtifact(origin, input.linkOf);
    out.push({ ...quote, claim_id: c.claim_id, status: c.status, relevance: c.relevance });
    if (out.length >= ANSWER_UNCONFIRMED_QUOTES) break;
  }
  return out;
}

/** Closest neutral passages shown with an "insufficient evidence" verdict. */
export const ANSWER_CLOSEST_QUOTES = 3;
/** An open question's unconfirmed relevant claims shown when nothing else is. */
export const ANSWER_UNCONFIRMED_QUOTES = 3;

/** Numbers the answer's quotes as the report cites them: for, then against, then the closest or unconfirmed, each quote once. */
function numberQuotes(forQ: AnswerQuote[], against: AnswerQuote[], closest: Array<Pick<AnswerQuote, 'url' | 'quote' | 'citation'>>): void {
  const seen = new Map<string, number>();
  for (const q of [...forQ, ...against, ...closest]) {
    const k = `${q.url}\u0000${q.quote}`;
    if (!seen.has(k)) seen.set(k, seen.size + 1);
    q.citation = seen.get(k)!;
  }
}

export function buildAnswer(ctx: RunContext, input: AnswerInput): Answer {
  const s = ctx.state;
  const question = ctx.questions[0]!;
  const proposition = question.proposition ?? null;
  const pid = propositionClaimId(ctx);
  const aboutSubject = createRelevanceParts(
    ctx,
    input.snapshot.claims.map((c) => c.statement),
  );
  const relevantClaims = input.verified.filter((c) => c.claim_id !== pid && c.relevance >= MIN_RELEVANCE);
  const named = s.sourcesSearched && s.sourcesSearched.length > 0 ? s.sourcesSearched : s.options.providers;
  const sources = named.length > 0 ? named : [ctx.state.language === 'ja' ? '設定済みのすべてのプロバイダ' : 'every configured provider'];
  const entry = s.entries.find((e) => e.key === ANSWER_ENTRY_KEY);
  const t = ctx.strings;
  let items: EvidenceItem[] = [];
  let forQ: AnswerQuote[] = [];
  let against: AnswerQuote[] = [];
  let closestViews: EvidenceView[] = [];
  let method: Answer['basis']['method'];
  let judged = 0;
  let passedByJudge = 0;
  // A yes/no question whose proposition the engine judged; else an open question, answered by its claims.
  const judgesProposition = Boolean(proposition && pid);
  if (proposition && pid) {
    method = 'proposition_judged';
    const claim = input.snapshot.claims.find((c) => c.id === pid);
    const views = claim ? [...claim.supporting, ...claim.refuting].filter((e) => !isOrigin(e)) : [];
    closestViews = claim?.closest ?? [];
    judged = claim ? claim.counts.supports + claim.counts.refutes + claim.counts.neutral : 0;
    // The judge's own passes (origin edges left out, as `views` leaves them), counted for the verdict or not.
    passedByJudge = views.length;
    const counted = views
      .map((e) => ({ e, text: pickQuote(e, proposition).text }))
      .filter(
        (x) =>
          answerMayCite(x.e.source.trustLevel) &&
          aboutSubject(x.text).subject > ANSWER_EVIDENCE_MIN_SUBJECT &&
          standsAlone(x.text, s.language) &&
          !isTitleText(x.text, x.e.source.title),
      );
    items = counted.map(({ e }) => ({ stance: e.stance, confidence: e.confidence, trustLevel: e.source.trustLevel, source: sourceKey(e.source) }));
    const toQuote = (x: (typeof counted)[number]) => {
      const art = input.evidence.get(`${pid}|${x.e.edgeId}`);
      const readAs = x.e.readAs !== undefined ? { read_as: x.e.readAs } : {};
      return {
        quote: art
          ? quoteFromArtifact(art, input.linkOf)
          : {
              quote: x.text,
              url: x.e.source.url,
              link: input.linkOf(x.e.source.url),
              title: x.e.source.title ?? null,
              tier: x.e.source.trustLevel,
              stance_confidence: Math.round(x.e.confidence * 1000) / 1000,
              evidence_id: null,
              citation: null,
              locator: x.e.locator,
              ...readAs,
            },
      };
    };
    forQ = quotesOf(counted.filter((x) => x.e.stance === 'supports').map(toQuote));
    against = quotesOf(counted.filter((x) => x.e.stance === 'refutes').map(toQuote));
  } else {
    method = 'relevant_claims';
    // An open question: its most relevant claims with supported or refuted statuses answer it.
    const top = [...relevantClaims].sort(byRelevanceThenId).slice(0, OPEN_QUESTION_CLAIMS);
    for (const c of top) {
      const side = c.status === 'VERIFIED' || c.status === 'CONDITIONED' ? 'supports' : c.status === 'REFUTED' ? 'refutes' : undefined;
      const origin = originOf(c, input.evidence);
      if (!side || !origin || !answerMayCite(origin.tier)) continue;
      items.push({ stance: side, confidence: c.confidence, trustLevel: origin.tier, source: origin.url });
      (side === 'supports' ? forQ : against).push(quoteFromArtifact(origin, input.linkOf));
    }
    forQ = quotesOf(forQ.map((quote) => ({ quote })));
    against = quotesOf(against.map((quote) => ({ quote })));
  }
  const nothing = relevantClaims.length === 0 && forQ.length === 0 && against.length === 0;
  if (nothing) method = 'none';
  const decision = verdictOf(nothing ? [] : items);
  const closest =
    decision.verdict === 'insufficient evidence' && proposition
      ? closestQuotes(closestViews, {
          textOf: (e) => pickQuote(e, proposition).text,
          // Not the counted quotes' subject and stand-alone filters: these are shown for the reader to
          // judge, and the passage the judge came closest to calling is often the one that words the
          // subject differently ("normal speaking causes airborne virus transmission" for COVID-19).
          citable: (e) => answerMayCite(e.source.trustLevel),
          linkOf: input.linkOf,
        })
      : [];
  // An open question with nothing for or against: its most relevant claims, each from one source that no
  // other confirmed, so the reader sees what the sources say instead of a bare "insufficient evidence".
  const unconfirmed = method === 'relevant_claims' && forQ.length === 0 && against.length === 0 ? unconfirmedQuotes(relevantClaims, input) : [];
  numberQuotes(forQ, against, [...closest, ...unconfirmed]);
  const failed = entry?.status === 'failed' || entry?.status === 'skipped' ? (entry.error ?? entry.skipReason ?? entry.status) : undefined;
  const judgedClaim = input.snapshot.claims.find((c) => c.id === pid);
  const model = [...(judgedClaim?.supporting ?? []), ...(judgedClaim?.refuting ?? [])].find((e) => !isOrigin(e))?.model ?? null;
  return {
    question: s.question,
    proposition,
    verdict: decision.verdict,
    confidence: decision.confidence,
    for: forQ,
    against,
    closest,
    unconfirmed,
    basis: {
      method,
      summary: t.answerBasis({
        method,
        verdict: decision.verdict,
        judged,
        supporting: decision.supportingSources,
        refuting: decision.refutingSources,
        relevant: relevantClaims.length,
        sources,
        failed,
      }),
      what_would_change: t.answerChange(decision.verdict, {
        judged,
        passedByJudge,
        supporting: decision.supportingSources,
        refuting: decision.refutingSources,
        openQuestion: !judgesProposition,
      }),
      sources_searched: sources,
      relevant_claims: relevantClaims.length,
      judged_passages: judged,
      ...(judgesProposition ? { passed_passages: passedByJudge } : {}),
      supporting_sources: decision.supportingSources,
      refuting_sources: decision.refutingSources,
      support: Math.round(decision.axes.evidence * 1000) / 1000,
      refutation: Math.round(decision.axes.refutation * 1000) / 1000,
      stance_model: model,
    },
    prose: null,
  };
}

export type { AnswerVerdict };
