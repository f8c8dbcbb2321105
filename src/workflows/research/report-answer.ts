// The report's first section, `## Answer` / `## 回答`: the verdict on the question's proposition, the
// strongest quotes for and against (each cited), one line on confidence and what would change it, what
// the verdict rests on, and — with models.llm — the prose answer with the sentences removed as unsupported.
import { shownVerdict, verdictHasNoFigure } from '../../core/index.js';
import { cite, heading, item, list, paragraph, quote, text, type ReportBlock, type ReportInline, type ReportListItem } from '../../report/index.js';
import { confidenceLabel, type Answer, type AnswerQuote, type ClosestQuote } from '../answer/index.js';
import type { EvidenceItemArtifact } from './artifacts.js';
import type { RunContext } from './context.js';
import type { IntegrationModel } from './integration-model.js';
import type { Citations } from './report-parts.js';

function quoteLine(q: AnswerQuote, model: IntegrationModel, cites: Citations, ctx: RunContext, about: string): ReportInline[] {
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
    locator: q.locator ?? {},
    published_at: null,
  };
  // A quote that names the subject otherwise was judged against the proposition in that name: say so.
  return [...cites.cite(e, about, ctx.strings.quotedAbove), ...(q.read_as ? [text(` (${ctx.strings.readAs(q.read_as)})`)] : [])];
}

/** A neutral passage shown as closest: the quote cited, then the side it leans to and that side's probability. */
export function closestLine(q: ClosestQuote, model: IntegrationModel, cites: Citations, ctx: RunContext, about: string): ReportInline[] {
  return [...quoteLine(q, model, cites, ctx, about), text(` — ${ctx.strings.closestLean(q.leans, q.stance_confidence.toFixed(2))}`)];
}

/** Prose a chat model wrote, its citation marks [2] (numbers of the References, from 1) as citation pieces; any other bracket stays text. */
function withCitationMarks(prose: string): ReportInline[] {
  const out: ReportInline[] = [];
  let at = 0;
  for (const m of prose.matchAll(/\[([1-9]\d{0,4})\]/g)) {
    if (m.index > at) out.push(text(prose.slice(at, m.index)));
    out.push(cite(Number(m[1])));
    at = m.index + m[0].length;
  }
  if (at < prose.length) out.push(text(prose.slice(at)));
  return out;
}

export function answerSection(ctx: RunContext, model: IntegrationModel, cites: Citations): ReportBlock[] {
  const t = ctx.strings;
  const a: Answer = model.answer;
  const about = a.proposition ?? a.question;
  const blocks: ReportBlock[] = [
    heading(2, [text(t.answer)]),
    paragraph([{ type: 'strong', text: t.verdictLabel[a.verdict] }, ...(a.proposition ? [text(` — ${t.proposition}: `), quote(a.proposition)] : [])]),
  ];
  const items: ReportListItem[] = [];
  if (a.for.length > 0)
    items.push(
      item(
        [text(`${t.forSide}:`)],
        a.for.map((q) => item(quoteLine(q, model, cites, ctx, about))),
      ),
    );
  if (a.against.length > 0)
    items.push(
      item(
        [text(`${t.againstSide}:`)],
        a.against.map((q) => item(quoteLine(q, model, cites, ctx, about))),
      ),
    );
  if (a.closest.length > 0)
    items.push(
      item(
        [text(`${t.closestSide}:`)],
        a.closest.map((q) => item(closestLine(q, model, cites, ctx, about))),
      ),
    );
  if (a.unconfirmed.length > 0)
    items.push(
      item(
        [text(`${t.unconfirmedSide}:`)],
        a.unconfirmed.map((q) =>
          item([...quoteLine({ ...q, stance_confidence: 1 }, model, cites, ctx, about), text(` — ${t.unconfirmedNote(q.status, q.relevance.toFixed(2))}`)]),
        ),
      ),
    );
  items.push(
    item([
      text(
        verdictHasNoFigure(a.verdict)
          ? t.noFigureLine(shownVerdict(a), a.basis.what_would_change)
          : t.confidenceLine(a.confidence.toFixed(2), confidenceLabel(a.confidence), a.basis.what_would_change),
      ),
    ]),
    item([text(a.basis.summary)]),
  );
  blocks.push(list(items));
  if (a.prose) {
    const kept = a.prose.sentences.filter((s) => s.kept);
    const removed = a.prose.sentences.filter((s) => !s.kept);
    blocks.push(heading(3, [text(`${t.proseHeading} (${a.prose.model}; ${ctx.state.language === 'ja' ? '判定' : 'checked by'} ${a.prose.judge})`)]));
    blocks.push(paragraph(kept.length > 0 ? withCitationMarks(kept.map((s) => s.text).join(' ')) : [text(t.statusNone)]));
    if (removed.length > 0) {
      blocks.push(
        paragraph([text(`${t.proseRemoved}:`)]),
        list(
          removed.map((s) =>
            item([
              text('“'),
              ...withCitationMarks(s.text),
              text('”'),
              text(` — ${s.judgement === 'no_quote' ? t.proseNoQuote : t.proseNotSupported(s.judgement)}`),
            ]),
          ),
        ),
      );
    }
  }
  return blocks;
}
