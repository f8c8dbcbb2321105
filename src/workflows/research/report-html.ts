// report.html beside the Markdown report: the same run as one self-contained page (report/
// renderHtmlReport) — the answer, the relevant claims with their final status and the rationale in
// words, every evidence sentence verbatim with its source, real link, trust level and locator, the
// contested pairs and a static graph. Built from the integration model, so it says what report.md says.
import { shownVerdict } from '../../core/index.js';
import { rationaleInWords, renderHtmlReport, type HtmlAnswer, type HtmlQuote, type HtmlReportDocument, type HtmlSource } from '../../report/index.js';
import type { AnswerQuote, ClosestQuote } from '../answer/index.js';
import { propositionClaimId } from './answer.js';
import type { EvidenceItemArtifact, VerifiedClaimItem } from './artifacts.js';
import type { RunContext } from './context.js';
import type { IntegrationModel } from './integration-model.js';
import { MIN_RELEVANCE } from './normalize.js';
import { byPriority, formatLocator, limitations, localTime, nearestClaimsOf, reportFileName } from './report.js';
import type { ResearchState } from './state.js';

/** Claims in report.html at most (the most relevant); every claim is in verified_claims.json. */
export const REPORT_HTML_MAX_CLAIMS = 500;

export function reportHtmlFileName(state: Pick<ResearchState, 'topics'>): string {
  return reportFileName(state).replace(/\.md$/, '.html');
}

function sourceOf(
  ctx: RunContext,
  model: IntegrationModel,
  e: { url: string; title: string | null; tier: HtmlSource['trustLevel']; source_id?: string },
): HtmlSource {
  const page = model.snapshot.pages.find((p) => (e.source_id ? p.pageId === e.source_id : p.url === e.url));
  const link = ctx.deps.linkOf?.(e.url) ?? undefined;
  return { url: e.url, ...(link ? { link } : {}), ...(e.title ? { title: e.title } : {}), domain: page?.domain ?? '', trustLevel: e.tier };
}

function quoteOf(ctx: RunContext, model: IntegrationModel, e: EvidenceItemArtifact): HtmlQuote {
  return {
    text: e.quote,
    stance: e.refutes ? 'refutes' : 'supports',
    stated: e.bias_flags.includes('self_source'),
    confidence: e.confidence,
    ...(e.model ? { model: e.model } : {}),
    source: sourceOf(ctx, model, e),
    locator: formatLocator(e.locator, ctx.state.language === 'ja'),
    edgeId: e.evidence_id,
    ...(e.part ? { part: ctx.strings.statesPart } : {}),
  };
}

function answerQuote(ctx: RunContext, model: IntegrationModel, q: AnswerQuote, stance: 'supports' | 'refutes'): HtmlQuote {
  const art = q.evidence_id ? [...model.evidence.values()].find((e) => e.evidence_id === q.evidence_id && e.url === q.url) : undefined;
  return {
    text: q.quote,
    stance,
    stated: false,
    confidence: q.stance_confidence,
    source: {
      ...sourceOf(ctx, model, { url: q.url, title: q.title, tier: q.tier, ...(art ? { source_id: art.source_id } : {}) }),
      ...(q.link ? { link: q.link } : {}),
    },
    // Every quote of the answer carries its locator (its evidence item's, when it is one).
    locator: q.locator ? formatLocator(q.locator, ctx.state.language === 'ja') : '—',
    ...(q.read_as ? { readAs: ctx.strings.readAs(q.read_as) } : {}),
  };
}

/** A neutral passage shown as closest: marked with the side it leans to, so it never reads as a judgement. */
function closestQuote(ctx: RunContext, model: IntegrationModel, q: ClosestQuote): HtmlQuote {
  return { ...answerQuote(ctx, model, q, q.leans), leans: q.leans };
}

function answerOf(ctx: RunContext, model: IntegrationModel): HtmlAnswer {
  const a = model.answer;
  const prose = a.prose?.sentences
    .filter((s) => s.kept)
    .map((s) => s.text)
    .join(' ');
  return {
    verdict: ctx.strings.verdictLabel[a.verdict],
    shown: shownVerdict(a),
    ...(a.proposition ? { proposition: a.proposition } : {}),
    confidence: a.confidence,
    summary: a.basis.summary,
    whatWouldChange: a.basis.what_would_change,
    for: a.for.map((q) => answerQuote(ctx, model, q, 'supports')),
    against: a.against.map((q) => answerQuote(ctx, model, q, 'refutes')),
    ...(a.closest.length > 0 ? { closest: a.closest.map((q) => closestQuote(ctx, model, q)) } : {}),
    // A claim's own sentence: shown as stated, not as a judgement.
    ...(a.unconfirmed.length > 0
      ? { unconfirmed: a.unconfirmed.map((q) => ({ ...answerQuote(ctx, model, { ...q, stance_confidence: 1 }, 'supports'), stated: true })) }
      : {}),
    ...(prose ? { prose } : {}),
  };
}

export function reportHtmlDocument(ctx: RunContext, model: IntegrationModel): HtmlReportDocument {
  const s = ctx.state;
  const pid = propositionClaimId(ctx);
  const relevant = model.verified.filter((c) => c.relevance >= MIN_RELEVANCE && c.claim_id !== pid).sort(byPriority);
  const ev = (c: VerifiedClaimItem, ids: string[]): HtmlQuote[] =>
    ids
      .map((id) => model.evidence.get(`${c.claim_id}|${id}`))
      .filter((e): e is EvidenceItemArtifact => e !== undefined)
      .map((e) => quoteOf(ctx, model, e));
  const searches = s.entries.filter((e) => e.status === 'done' || e.status === 'failed').length;
  const near = nearestClaimsOf(ctx, model);
  return {
    lang: s.language === 'ja' ? 'ja' : 'en',
    question: s.question,
    meta: [
      `${ctx.strings.run}: ${localTime(s.startedAt)} | ${ctx.strings.searches(searches)} | ${(s.sourcesSearched ?? s.options.providers).join(', ') || 'configured providers'} | task ${s.taskId}`,
    ],
    answer: answerOf(ctx, model),
    claims: relevant.slice(0, REPORT_HTML_MAX_CLAIMS).map((c) => ({
      id: c.claim_id,
      statement: c.statement,
      status: c.status,
      confidence: c.confidence,
      rationale: rationaleInWords(c, s.language),
      conditions: c.conditions,
      supporting: ev(c, c.supporting_evidence_ids),
      refuting: ev(c, c.refuting_evidence_ids),
      ...(c.closest && c.closest.length > 0 ? { closest: c.closest.map((q) => closestQuote(ctx, model, q)) } : {}),
    })),
    totalClaims: relevant.length,
    contested: model.snapshot.contested.filter((p) => relevant.some((c) => c.claim_id === p.claimId) && relevant.some((c) => c.claim_id === p.otherClaimId)),
    ...(near ? { nearest: { heading: ctx.strings.nearestClaims, ...near } } : {}),
    limitations: { heading: ctx.strings.limitations, blocks: limitations(ctx, model) },
  };
}

export function renderReportHtml(ctx: RunContext, model: IntegrationModel): string {
  return renderHtmlReport(reportHtmlDocument(ctx, model));
}
