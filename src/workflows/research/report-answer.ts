// The report's first section, `## Answer` / `## 回答`: the verdict on the question's proposition, the
// strongest quotes for and against (each cited), one line on confidence and what would change it, what
// the verdict rests on, and — with models.llm — the prose answer with the sentences removed as unsupported.
import { verdictHasNoFigure } from '../../core/index.js';
import { confidenceLabel, mdQuote, mdText, type Answer, type AnswerQuote } from '../answer/index.js';
import type { EvidenceItemArtifact } from './artifacts.js';
import type { RunContext } from './context.js';
import type { IntegrationModel } from './integration-model.js';
import type { Citations } from './report-parts.js';

function quoteLine(q: AnswerQuote, model: IntegrationModel, cites: Citations, ctx: RunContext, about: string): string {
  const art = q.evidence_id ? [...model.evidence.values()].find((e) => e.evidence_id === q.evidence_id && e.url === q.url) : undefined;
  const e: EvidenceItemArtifact = art ?? {
    evidence_id: q.evidence_id ?? '',
    claim_id: '',
    source_id: '',
    url: q.url,
    title: q.title,
    quote: q.quote,
    stance: 'supports',
    supports: true,
    refutes: false,
    quality_score: 0,
    freshness: 0,
    authority: 0,
    bias: 0,
    bias_flags: [],
    tier: q.tier,
    confidence: q.stance_confidence,
    model: null,
    locator: {},
    published_at: null,
  };
  return `  - ${cites.cite(e, about, ctx.strings.quotedAbove)}`;
}

/** Escaped prose keeps its citation marks as marks: [2] refers to the References (a number, nothing to inject). */
const citationMarks = (escaped: string): string => escaped.replace(/\\\[(\d+)\\\]/g, '[$1]');

export function answerSection(ctx: RunContext, model: IntegrationModel, cites: Citations): string[] {
  const t = ctx.strings;
  const a: Answer = model.answer;
  const about = a.proposition ?? a.question;
  const lines = [`## ${t.answer}`, '', `**${t.verdictLabel[a.verdict]}**${a.proposition ? ` — ${t.proposition}: ${mdQuote(a.proposition)}` : ''}`, ''];
  if (a.for.length > 0) lines.push(`- ${t.forSide}:`, ...a.for.map((q) => quoteLine(q, model, cites, ctx, about)));
  if (a.against.length > 0) lines.push(`- ${t.againstSide}:`, ...a.against.map((q) => quoteLine(q, model, cites, ctx, about)));
  if (a.closest.length > 0)
    lines.push(
      `- ${t.closestSide}:`,
      ...a.closest.map((q) => `${quoteLine(q, model, cites, ctx, about)} — ${mdText(t.closestLean(q.leans, q.stance_confidence.toFixed(2)))}`),
    );
  lines.push(
    verdictHasNoFigure(a.verdict)
      ? `- ${t.noFigureLine(a.basis.judged_passages, a.basis.sources_searched.length, a.basis.what_would_change)}`
      : `- ${t.confidenceLine(a.confidence.toFixed(2), confidenceLabel(a.confidence), a.basis.what_would_change)}`,
  );
  lines.push(`- ${mdText(a.basis.summary)}`, '');
  if (a.prose) {
    const kept = a.prose.sentences.filter((s) => s.kept);
    const removed = a.prose.sentences.filter((s) => !s.kept);
    lines.push(`### ${t.proseHeading} (${mdText(a.prose.model)}; ${ctx.state.language === 'ja' ? '判定' : 'checked by'} ${mdText(a.prose.judge)})`, '');
    lines.push(kept.length > 0 ? kept.map((s) => citationMarks(mdText(s.text))).join(' ') : t.statusNone, '');
    if (removed.length > 0) {
      lines.push(
        `${t.proseRemoved}:`,
        '',
        ...removed.map((s) => `- ${citationMarks(mdQuote(s.text))} — ${s.judgement === 'no_quote' ? t.proseNoQuote : t.proseNotSupported(s.judgement)}`),
        '',
      );
    }
  }
  return lines;
}
