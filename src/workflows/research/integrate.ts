// Phase 4 INTEGRATE (seed 001): the artifacts as JSON (validated against their schemas before they
// are written), the report in the question's language and the search log, from the final materials.
import { CLAIM_STATUSES, MAX_CLOSEST_LIMIT, errorMessage, isLyraError, type ClaimMaterial, type ClaimStatus, type EvidenceView } from '../../core/index.js';
import { writeCheckedProse } from '../answer/index.js';
import { buildAnswer, propositionClaimId } from './answer.js';
import {
  RESEARCH_ARTIFACT_SCHEMAS,
  artifactFileName,
  type ArtifactMeta,
  type EvidenceItemArtifact,
  type ResearchArtifactName,
  type ResearchArtifacts,
  type VerifiedClaimItem,
} from './artifacts.js';
import type { RunContext } from './context.js';
import type { IntegrationModel } from './integration-model.js';
import type { ResearchResult } from './types.js';
import { normalizedClaims } from './normalize.js';
import { pickQuote } from './quotes.js';
import { headingClaimIds, renderMarkdown, reportDocumentSchema } from '../../report/index.js';
import { reportDocument, reportDocumentFileName, reportFileName } from './report.js';
import { renderReportHtml, reportHtmlFileName } from './report-html.js';
import { renderSearchLog, SEARCH_LOG_FILE } from './search-log.js';
import { readSnapshot } from './read-snapshot.js';
import { addUnlinkedClosest, orderPropositionClosest } from './unlinked-closest.js';
import { isOrigin } from './snapshot.js';
import { finalStatus, riskLevel } from './status.js';
import { scoreView } from './scoring.js';
import { counterevidenceLog, refutationSearched } from './verify.js';

function evidenceArtifact(claim: ClaimMaterial, e: EvidenceView, reference: Date): EvidenceItemArtifact {
  const quote = pickQuote(e, claim.statement);
  const self = isOrigin(e);
  const s = scoreView(e, quote.text, reference, self);
  return {
    evidence_id: `${e.edgeId}`,
    claim_id: claim.id,
    source_id: e.source.pageId,
    url: e.source.url,
    title: e.source.title ?? null,
    quote: quote.text,
    stance: e.stance === 'refutes' ? 'refutes' : 'supports',
    supports: e.stance !== 'refutes',
    refutes: e.stance === 'refutes',
    quality_score: s.quality,
    freshness: s.freshness,
    authority: s.authority,
    bias: s.bias,
    bias_flags: s.flags,
    tier: e.source.trustLevel,
    confidence: Math.round(e.confidence * 1000) / 1000,
    model: e.model ?? null,
    locator: { ...e.locator, ...(quote.sentence !== undefined && e.locator.sentence === undefined ? { sentence: quote.sentence } : {}) },
    published_at: e.source.publishedAt ?? null,
    ...(e.readAs !== undefined ? { read_as: e.readAs } : {}),
    ...(e.part ? { part: true } : {}),
  };
}

export function emptyCounts(): Record<ClaimStatus, number> {
  return Object.fromEntries(CLAIM_STATUSES.map((s) => [s, 0])) as Record<ClaimStatus, number>;
}

function meta(ctx: RunContext, name: ResearchArtifactName, openQuestions: string[]): ArtifactMeta {
  const s = ctx.state;
  const ja = s.language === 'ja';
  const assumptions = ja
    ? [
        '信頼レベルは domains.yaml とコーパスの宣言による（ローカルコーパスの文書はそれぞれ独立したソース）',
        `用途: ${s.options.purpose === 'overview' ? '概説（低リスクのClaimに1段階の緩和を許す）' : '意思決定（緩和なし）'}`,
        '引用はソース本文の逐語抜粋',
      ]
    : [
        'Trust levels come from domains.yaml and corpus declarations (each local corpus document is its own source)',
        `Purpose: ${s.options.purpose === 'overview' ? 'overview (low-risk claims may be relaxed one step)' : 'decision (no relaxation)'}`,
        'Quotes are verbatim excerpts of the sources',
      ];
  return {
    id: `${s.runId}:${name}`,
    created_at: ctx.now().toISOString(),
    scope: `${s.question} — providers: ${s.options.providers.join(', ') || 'configured'}; languages: ${s.topics.map((t) => t.language).join(', ')}`,
    assumptions,
    open_questions: openQuestions,
    run_id: s.runId,
    task_id: s.taskId,
    question: s.question,
    language: s.language,
  };
}

export async function buildIntegration(ctx: RunContext): Promise<IntegrationModel> {
  const s = ctx.state;
  // The proposition's closest neutral passages are read too: the answer shows them with an "insufficient evidence" verdict.
  const pid = propositionClaimId(ctx);
  // Read with MAX_CLOSEST_LIMIT of them and shown nearest in meaning first: over Check-COVID dev questions
  // (40 runs) a gold evidence sentence is among the three shown in 8 answers against 4 when the passages the
  // judge leaned most to were shown; over Climate-FEVER claims 8 of 24 against 5 (npm run bench:research).
  const snapshot = await readSnapshot(ctx, pid ? { closestFor: [pid], closestLimit: MAX_CLOSEST_LIMIT } : {});
  if (pid) await orderPropositionClosest(ctx, snapshot, pid);
  const reference = new Date(s.startedAt);
  const claimCtx = ctx;
  const perClaim = normalizedClaims(snapshot, [], claimCtx, { merge: false });
  const normalizedById = new Map(perClaim.map((n) => [n.claim_id, n]));
  const majors = new Map((s.majors ?? []).map((m) => [m.claimId, m]));
  const evidence = new Map<string, EvidenceItemArtifact>();
  const verified: VerifiedClaimItem[] = [];
  for (const c of snapshot.claims) {
    const n = normalizedById.get(c.id)!;
    const major = majors.get(c.id);
    const st = finalStatus(c, {
      riskLevel: riskLevel({ highStakes: n.features.includes('high_stakes'), major: major !== undefined }),
      purpose: s.options.purpose,
      decisionRelevance: c.decisionRelevance,
    });
    const sup = c.supporting.map((e) => evidenceArtifact(c, e, reference));
    const ref = c.refuting.map((e) => evidenceArtifact(c, e, reference));
    for (const e of [...sup, ...ref]) evidence.set(`${e.claim_id}|${e.evidence_id}`, e);
    const others = snapshot.contested.flatMap((p) => (p.claimId === c.id ? [p.otherClaimId] : p.otherClaimId === c.id ? [p.claimId] : []));
    verified.push({
      claim_id: c.id,
      statement: c.statement,
      scope: n.scope,
      decision_relevance: c.decisionRelevance,
      status: st.status,
      table_status: st.tableStatus,
      rationale: st.note ? `${st.rationale} (${st.note})` : st.rationale,
      axes: c.axes ?? null,
      conditions: st.conditions,
      supporting_evidence_ids: sup.map((e) => e.evidence_id),
      refuting_evidence_ids: ref.map((e) => e.evidence_id),
      relaxation_reason: st.relaxationReason,
      confidence: Math.round(c.confidence * 1000) / 1000,
      major: major !== undefined,
      major_reasons: major?.reasons ?? [],
      refutation_searched: refutationSearched(s, c.id),
      relevance: n.relevance,
      contested_with: [...new Set(others)].sort(),
      question_proposition: c.id === pid,
    });
  }
  // Relevant claims that only their own source states: the closest passage of another source, for the reader.
  await addUnlinkedClosest(ctx, verified, evidence);
  const openGaps = (s.normalize?.gaps ?? []).filter((g) => g.status !== 'closed').map((g) => `${g.gap_id}: ${g.description} — ${g.reason}`);
  const unverified = (s.majors ?? []).filter((m) => !refutationSearched(s, m.claimId)).map((m) => `${m.claimId}: ${m.statement}`);
  const open = [...openGaps, ...unverified];
  const n = s.normalize;
  const artifacts: ResearchArtifacts = {
    raw_claims: { artifact: 'raw_claims', ...meta(ctx, 'raw_claims', []), items: n?.rawClaims ?? [] },
    normalized_claims: { artifact: 'normalized_claims', ...meta(ctx, 'normalized_claims', []), items: n?.normalized ?? [] },
    gaps: { artifact: 'gaps', ...meta(ctx, 'gaps', openGaps), items: n?.gaps ?? [] },
    sub_questions: { artifact: 'sub_questions', ...meta(ctx, 'sub_questions', openGaps), items: n?.subQuestions ?? [] },
    evidence: { artifact: 'evidence', ...meta(ctx, 'evidence', []), items: [...evidence.values()] },
    verified_claims: { artifact: 'verified_claims', ...meta(ctx, 'verified_claims', open), items: verified },
    counterevidence_log: { artifact: 'counterevidence_log', ...meta(ctx, 'counterevidence_log', unverified), items: counterevidenceLog(s, snapshot) },
  };
  const answer = buildAnswer(ctx, { snapshot, verified, evidence, linkOf: ctx.deps.linkOf ?? (() => null) });
  return { snapshot, answer, verified, evidence, normalizedById, artifacts };
}

/**
 * The prose answer, when a chat model and a stance judge are given: written from the answer's quotes
 * and checked sentence by sentence (workflows/answer writeCheckedProse). A failure is a warning in the
 * report, never an unchecked text.
 */
export async function addProseAnswer(ctx: RunContext, model: IntegrationModel): Promise<void> {
  const { writer, judge } = ctx.deps;
  const a = model.answer;
  if (!writer || !judge || a.basis.method === 'none' || a.for.length + a.against.length === 0) return;
  const quotes = [...a.for.map((q) => ({ side: 'for' as const, q })), ...a.against.map((q) => ({ side: 'against' as const, q }))]
    .map(({ side, q }) => ({ n: q.citation ?? 0, side, text: q.quote }))
    .filter((q, i, all) => q.n > 0 && all.findIndex((x) => x.n === q.n) === i);
  try {
    a.prose = await writeCheckedProse({
      writer,
      judge,
      question: ctx.state.question,
      proposition: a.proposition,
      verdict: a.verdict,
      quotes,
      language: ctx.state.language,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
  } catch (err) {
    if (ctx.signal?.aborted) throw err;
    ctx.warn({
      source: `llm ${writer.model}`,
      code: isLyraError(err) ? err.code : 'prose_answer_failed',
      category: isLyraError(err) ? err.category : 'non_retryable',
      message: `the prose answer was not written: ${errorMessage(err)}`,
    });
  }
}

/**
 * Writes the artifacts (each checked against its schema first), the report (its document, Markdown and
 * self-contained HTML) and the search log. Returns the files and the claim of each numbered heading of the
 * report, read off the document written.
 */
export async function writeIntegration(ctx: RunContext, model: IntegrationModel): Promise<{ files: ResearchResult['files']; reportClaimIds: string[] }> {
  const names = Object.keys(model.artifacts) as ResearchArtifactName[];
  for (const name of names) {
    const checked = RESEARCH_ARTIFACT_SCHEMAS[name].parse(model.artifacts[name]);
    await ctx.deps.output.write(artifactFileName(name), `${JSON.stringify(checked, null, 2)}\n`);
  }
  // One document, checked against its schema and written as data beside its Markdown rendering: what the
  // UI renders a run's report from.
  const doc = reportDocumentSchema.parse(reportDocument(ctx, model));
  const report = reportFileName(ctx.state);
  await ctx.deps.output.write(report, renderMarkdown(doc));
  const reportDocumentFile = reportDocumentFileName(ctx.state);
  await ctx.deps.output.write(reportDocumentFile, `${JSON.stringify(doc)}\n`);
  const reportHtml = reportHtmlFileName(ctx.state);
  await ctx.deps.output.write(reportHtml, renderReportHtml(ctx, model));
  await ctx.deps.output.write(SEARCH_LOG_FILE, renderSearchLog(ctx, model.snapshot));
  return {
    files: { report, reportHtml, searchLog: SEARCH_LOG_FILE, artifacts: names.map(artifactFileName), reportDocument: reportDocumentFile },
    reportClaimIds: headingClaimIds(doc),
  };
}
