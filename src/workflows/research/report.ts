// The report (`<topic>_report.md`) in the question's language: the answer first (verdict, quotes for
// and against), then the relevant claims grouped by status (most relevant first, the rationale in
// words), each evidence sentence quoted verbatim once with a [n] citation (later mentions give the
// number), contested claims with both sides, coverage by perspective, the limitations and the
// References (source linked to its real address when known, locator, trust level). Every value from a
// page, a provider or an error is a text piece of the report document (report/), escaped by each rendering.
import { STANCE_UNSUPPORTED_LANGUAGE, unverifiedCorpora, type ClaimStatus, type Locator } from '../../core/index.js';
import {
  REPORT_DOCUMENT_FORMAT,
  heading,
  item,
  list,
  paragraph,
  quote,
  rationaleInWords,
  text,
  type ReportBlock,
  type ReportDocument,
  type ReportInline,
  type ReportListItem,
} from '../../report/index.js';
import { subjectKindGroups } from '../answer/index.js';
import { propositionClaimId } from './answer.js';
import type { EvidenceItemArtifact, VerifiedClaimItem } from './artifacts.js';
import type { RunContext } from './context.js';
import type { IntegrationModel } from './integration-model.js';
import { STATUS_ORDER } from './language.js';
import { MIN_RELEVANCE } from './normalize.js';
import { PERSPECTIVE_KEYS, perspectiveLabel } from './perspectives.js';
import { perspectiveReach } from './perspective-reach.js';
import { answerSection, closestLine } from './report-answer.js';
import { Citations } from './report-parts.js';
import { refutationSearched } from './verify.js';
import { warningsBesideFailures, type ResearchState } from './state.js';

/** Claims shown per status section (the most relevant); every claim is in verified_claims.json. */
export const REPORT_CLAIMS_PER_STATUS = 8;
/** Claims listed, nearest first, when none reaches the relevance cut (a reader's own documents often say it in other words). */
export const REPORT_NEAREST_CLAIMS = 5;
/** Evidence sentences shown per side of a claim. */
export const REPORT_EVIDENCE_PER_SIDE = 3;

export function reportFileName(state: Pick<ResearchState, 'topics'>): string {
  const slug = (state.topics[0]?.topic ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${slug || 'research'}_report.md`;
}

/** The report as data (report/ ReportDocument) beside report.md: `<topic>_report.json`. */
export function reportDocumentFileName(state: Pick<ResearchState, 'topics'>): string {
  return reportFileName(state).replace(/\.md$/, '.json');
}

export function formatLocator(l: Locator, ja: boolean): string {
  const parts: string[] = [];
  if (l.headingPath && l.headingPath.length > 0) parts.push(l.headingPath.join(' › '));
  if (l.paragraph !== undefined) parts.push(ja ? `段落 ${l.paragraph}` : `paragraph ${l.paragraph}`);
  if (l.sentence !== undefined) parts.push(ja ? `文 ${l.sentence}` : `sentence ${l.sentence}`);
  if (l.charStart !== undefined) parts.push(ja ? `文字 ${l.charStart}–${l.charEnd ?? ''}` : `chars ${l.charStart}–${l.charEnd ?? ''}`);
  return parts.join(', ') || '—';
}

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Relevant claims first, then major ones, then the most confident. */
export function byPriority(a: VerifiedClaimItem, b: VerifiedClaimItem): number {
  return b.relevance - a.relevance || Number(b.major) - Number(a.major) || b.confidence - a.confidence || (a.claim_id < b.claim_id ? -1 : 1);
}

function evidenceItems(
  label: string,
  items: EvidenceItemArtifact[],
  cites: Citations,
  about: string,
  t: Pick<RunContext['strings'], 'quotedAbove' | 'statesPart'>,
): ReportListItem[] {
  return items
    .slice(0, REPORT_EVIDENCE_PER_SIDE)
    .map((e) => item([text(`${label}: `), ...cites.cite(e, about, t.quotedAbove), ...(e.part ? [text(` (${t.statesPart})`)] : [])]));
}

function claimBlock(ctx: RunContext, model: IntegrationModel, c: VerifiedClaimItem, n: number, cites: Citations): ReportBlock[] {
  const t = ctx.strings;
  const ev = (ids: string[]) => ids.map((id) => model.evidence.get(`${c.claim_id}|${id}`)).filter((e): e is EvidenceItemArtifact => e !== undefined);
  const supporting = ev(c.supporting_evidence_ids);
  const origin = supporting.filter((e) => e.bias_flags.includes('self_source'));
  const others = supporting.filter((e) => !e.bias_flags.includes('self_source'));
  const refuting = ev(c.refuting_evidence_ids);
  const about = c.statement;
  const tags = [`${t.statusLine}: ${c.status}`, `${t.confidence} ${c.confidence.toFixed(2)}`, `${t.decisionRelevance} ${c.decision_relevance}`];
  if (c.major) tags.push(t.major);
  if (c.relaxation_reason) tags.push(`${t.relaxed} (${c.table_status}→${c.status})`);
  const items: ReportListItem[] = [item([text(tags.join(' · '))]), item([text(`${t.rationale}: ${rationaleInWords(c, ctx.state.language)}`)])];
  items.push(...evidenceItems(t.statedIn, origin, cites, about, t));
  const none = item([text(t.noEvidence)]);
  if (c.status === 'CONTESTED') {
    items.push(item([text(`${t.supportingSide}:`)], others.length > 0 ? evidenceItems(t.supports, others, cites, about, t) : [none]));
    items.push(item([text(`${t.refutingSide}:`)], refuting.length > 0 ? evidenceItems(t.refutes, refuting, cites, about, t) : [none]));
  } else {
    items.push(...evidenceItems(t.supports, others, cites, about, t), ...evidenceItems(t.refutes, refuting, cites, about, t));
    if (others.length === 0 && refuting.length === 0) {
      const closest = c.closest ?? [];
      for (const q of closest) items.push(item([text(`${t.closestOne}: `), ...closestLine(q, model, cites, ctx, about)]));
      if (closest.length === 0) items.push(none);
    }
  }
  // Only contradicting claims a reader can check and that are about the question are named.
  const against = c.contested_with
    .map((id) => model.verified.find((v) => v.claim_id === id))
    .filter((v): v is VerifiedClaimItem => v !== undefined && v.relevance >= MIN_RELEVANCE && ctx.worth(v.statement));
  for (const o of against.slice(0, REPORT_EVIDENCE_PER_SIDE))
    items.push(item([text(`${t.contestedWith}: `), quote(oneLine(o.statement)), text(` (${o.status})`)]));
  return [heading(3, [text(c.statement)], { number: n, claimId: c.claim_id }), list(items)];
}

export function localTime(iso: string): string {
  const d = new Date(iso);
  const p = (x: number): string => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function countsText(counts: Record<ClaimStatus, number>): string {
  return STATUS_ORDER.map((s) => `${s} ${counts[s]}`).join(', ');
}

/** The report's Limitations: open gaps, failed and skipped searches, unchecked major claims, warnings, trust levels (report.md and report.html). */
export function limitations(ctx: RunContext, model: IntegrationModel): ReportBlock[] {
  const t = ctx.strings;
  const s = ctx.state;
  const out: ReportBlock[] = [];
  const gaps = (s.normalize?.gaps ?? []).filter((g) => g.status !== 'closed');
  const ja = s.language === 'ja';
  if (gaps.length > 0) {
    out.push(
      heading(3, [text(t.openGaps)]),
      list(
        gaps.map((g) =>
          item([
            text(
              `${g.gap_id} (${g.kind}): ${oneLine(g.description)} — ${oneLine(g.reason)}; ${ja ? `DEEP検索${g.queries_run}回` : `${g.queries_run} DEEP search(es)`}`,
            ),
          ]),
        ),
      ),
    );
  }
  const failed = s.entries.filter((e) => e.status === 'failed');
  const stanceFailures = failed.filter((e) => e.errorCode === STANCE_UNSUPPORTED_LANGUAGE).length;
  if (stanceFailures > 0) out.push(list([{ content: [{ type: 'strong', text: t.stanceLanguage(stanceFailures) }] }]));
  if (failed.length > 0) {
    // Searches failing with the same error (numbers aside) are listed once, with their queries.
    const groups = new Map<string, { error: string; queries: Array<{ phase: string; text: string }> }>();
    for (const e of failed) {
      const error = oneLine(e.error ?? '');
      const key = error.replace(/\d+/g, '#');
      const g = groups.get(key) ?? { error, queries: [] };
      g.queries.push({ phase: e.phase.toUpperCase(), text: e.text });
      groups.set(key, g);
    }
    const queryPieces = (qs: Array<{ phase: string; text: string }>): ReportInline[] =>
      qs.flatMap((x, i) => [text(`${i > 0 ? '; ' : ''}${x.phase} `), quote(x.text)]);
    out.push(
      heading(3, [text(t.failedQueries)]),
      list(
        [...groups.values()].map((g) =>
          item(
            g.queries.length === 1
              ? [...queryPieces(g.queries), text(`: ${g.error}`)]
              : [text(`${g.queries.length} × ${g.error} — `), ...queryPieces(g.queries)],
          ),
        ),
      ),
    );
  }
  const skipped = s.entries.filter((e) => e.status === 'skipped' && !e.duplicateOf);
  if (skipped.length > 0) {
    const reasons = new Map<string, number>();
    for (const e of skipped) reasons.set(e.skipReason ?? '', (reasons.get(e.skipReason ?? '') ?? 0) + 1);
    out.push(heading(3, [text(t.skippedQueries)]), list([...reasons].map(([r, n]) => item([text(`${n} × ${oneLine(r)}`)]))));
  }
  const unverified = (s.majors ?? []).filter((m) => !refutationSearched(s, m.claimId));
  if (unverified.length > 0)
    out.push(heading(3, [text(t.unverifiedMajors)]), list(unverified.map((m) => item([text(`${oneLine(m.statement)} (${m.reasons.join(', ')})`)]))));
  // Failed queries are listed above: a warning that restates one is not listed again.
  const warnings = warningsBesideFailures(s);
  if (warnings.length > 0) {
    const byCode = new Map<string, { first: string; n: number }>();
    for (const w of warnings) {
      const k = `${w.source}|${w.code}`;
      const x = byCode.get(k);
      if (x) x.n++;
      else byCode.set(k, { first: `${oneLine(w.source)} (${oneLine(w.code)}): ${oneLine(w.message)}`, n: 1 });
    }
    out.push(heading(3, [text(t.warnings)]), list([...byCode.values()].map((x) => item([text(`${x.first}${x.n > 1 ? ` (×${x.n})` : ''}`)]))));
  }
  const levels = new Map<string, number>();
  for (const p of model.snapshot.pages) levels.set(p.trustLevel, (levels.get(p.trustLevel) ?? 0) + 1);
  if (levels.size > 0) {
    const unvouched = unverifiedCorpora(model.snapshot.pages);
    // Under the warnings' heading, which a run without other warnings still needs: the list would else read
    // as part of the section before it.
    if (warnings.length === 0) out.push(heading(3, [text(t.warnings)]));
    out.push(
      list([
        item([text(t.trustNote([...levels].map(([l, n]) => `${l} ${n}`).join(', ')))]),
        ...(unvouched.length > 0 ? [item([text(t.corpusTrustHint(unvouched))])] : []),
      ]),
    );
  }
  return out.length > 0 ? out : [paragraph([text(t.noLimitations)])];
}

/** A References entry: the source (linked to its real address when known), locator, trust level, and the quote in full when the body showed an excerpt. */
function referenceItem(e: EvidenceItemArtifact, n: number, cites: Citations, ctx: RunContext): ReportListItem {
  const t = ctx.strings;
  const link = ctx.deps.linkOf?.(e.url) ?? null;
  const title = e.title ? oneLine(e.title) : e.url;
  const where: ReportInline[] = link
    ? [{ type: 'link', text: title, url: link }, text(' '), { type: 'url', url: e.url }]
    : [...(e.title ? [text(`${title} — `)] : []), { type: 'url', url: e.url }];
  const full: ReportInline[] = cites.excerpted.has(n) ? [text(' — '), quote(e.quote)] : [];
  return {
    content: [...where, text(` — ${t.locator}: ${formatLocator(e.locator, ctx.state.language === 'ja')} — ${e.tier}`), ...full],
    cite: n,
    source_url: e.url,
  };
}

/** The relevant claims of the report besides the proposition, by status section: all of them and those shown. */
function statusSections(ctx: RunContext, model: IntegrationModel): Array<{ status: ClaimStatus; all: VerifiedClaimItem[]; shown: VerifiedClaimItem[] }> {
  const pid = propositionClaimId(ctx);
  const relevant = model.verified.filter((c) => c.relevance >= MIN_RELEVANCE && c.claim_id !== pid);
  return STATUS_ORDER.map((status) => {
    const all = relevant.filter((c) => c.status === status).sort(byPriority);
    return { status, all, shown: all.slice(0, REPORT_CLAIMS_PER_STATUS) };
  });
}

/**
 * When no claim reaches the relevance cut, the claims read that come nearest (relevance above 0, worth
 * checking, the proposition aside), so that a run over one's own documents that missed their wording still
 * shows what it read instead of only "None".
 */
export function nearestClaimsOf(
  ctx: RunContext,
  model: IntegrationModel,
): { note: string; claims: Array<{ statement: string; status: ClaimStatus; relevance: string }> } | undefined {
  const pid = propositionClaimId(ctx);
  const others = model.verified.filter((c) => c.claim_id !== pid);
  // Only when the status sections are empty: they list every claim at or over the cut.
  if (others.some((c) => c.relevance >= MIN_RELEVANCE)) return undefined;
  const near = others.filter((c) => c.relevance > 0 && ctx.worth(c.statement));
  if (near.length === 0) return undefined;
  const shown = [...near].sort((a, b) => b.relevance - a.relevance || byPriority(a, b)).slice(0, REPORT_NEAREST_CLAIMS);
  const t = ctx.strings;
  return {
    note: t.nearestClaimsNote(shown.length, near.length, MIN_RELEVANCE, 'verified_claims.json'),
    // Each with its relevance as both renderings print it.
    claims: shown.map((c) => ({ statement: c.statement, status: c.status, relevance: `${t.relevanceLabel} ${c.relevance.toFixed(3)}` })),
  };
}

function nearestClaims(ctx: RunContext, model: IntegrationModel): ReportBlock[] {
  const t = ctx.strings;
  const near = nearestClaimsOf(ctx, model);
  if (!near) return [];
  return [
    heading(2, [text(t.nearestClaims)]),
    paragraph([{ type: 'emphasis', text: near.note }]),
    list(near.claims.map((c) => item([quote(oneLine(c.statement)), text(` — ${c.relevance}; ${c.status}`)]))),
  ];
}

/**
 * The kinds of the subject that the run's claims name and relevance read ("alternate-day fasting,
 * time-restricted eating (of intermittent fasting)"), so a reader sees why a claim that does not name the
 * subject is listed; undefined when there are none.
 */
function subjectKindsText(ctx: RunContext, model: IntegrationModel): string | undefined {
  const question = ctx.questions[0];
  if (!question) return undefined;
  const found = model.snapshot.claims.flatMap((c) => ctx.kinds(c.statement));
  const groups = subjectKindGroups(question, found, (text) => ctx.analyze(text).terms);
  if (groups.length === 0) return undefined;
  return groups.map((g) => `${g.kinds.map((k) => k.name).join(', ')} (${ctx.state.language === 'ja' ? `${g.of}の種類` : `of ${g.of}`})`).join('; ');
}

/** The report as a document (report/): what report.md and the UI's report page are rendered from. */
export function reportDocument(ctx: RunContext, model: IntegrationModel): ReportDocument {
  const t = ctx.strings;
  const s = ctx.state;
  const cites = new Citations();
  const sections = statusSections(ctx, model);
  const relevant = sections.flatMap((x) => x.all);
  const counts = Object.fromEntries(STATUS_ORDER.map((st) => [st, relevant.filter((c) => c.status === st).length])) as Record<ClaimStatus, number>;
  const searches = s.entries.filter((e) => e.status === 'done' || e.status === 'failed').length;
  const majors = s.majors ?? [];
  const subject = ctx.questions[0]?.subject ?? '';
  const blocks: ReportBlock[] = [
    heading(1, [text(`${t.reportTitle}: ${s.question}`)]),
    {
      type: 'note',
      content: [
        text(
          `${t.run}: ${localTime(s.startedAt)} | ${t.searches(searches)} | ${(s.sourcesSearched ?? s.options.providers).join(', ') || 'configured providers'} | task ${s.taskId}`,
        ),
      ],
    },
    ...answerSection(ctx, model, cites),
    heading(2, [text(t.summary)]),
  ];
  const summary = [
    item([text(t.relevantClaims(relevant.length, countsText(counts)))]),
    item([text(t.majorChecked(majors.filter((m) => refutationSearched(s, m.claimId)).length, majors.length))]),
    item([text(t.sourcesUsed(model.snapshot.pages.length))]),
  ];
  const kinds = subjectKindsText(ctx, model);
  if (kinds) summary.push(item([text(t.subjectKinds(kinds))]));
  if (s.deep.stop)
    summary.push(item([text(t.deepStopped(s.deep.rounds.length, s.deep.stop.reason, `${Math.round((s.deep.rounds.at(-1)?.coverage ?? 0) * 100)}%`))]));
  blocks.push(list(summary));
  blocks.push(...nearestClaims(ctx, model));
  let n = 0;
  for (const { status, all, shown } of sections) {
    blocks.push(heading(2, [text(`${t.statusHeading[status]}${subject ? t.about(subject) : ''}`)]));
    if (all.length === 0) blocks.push(paragraph([text(t.statusNone)]));
    for (const c of shown) blocks.push(...claimBlock(ctx, model, c, ++n, cites));
    if (all.length > shown.length)
      blocks.push(paragraph([{ type: 'emphasis', text: t.moreClaims(REPORT_CLAIMS_PER_STATUS, all.length, 'verified_claims.json') }]));
  }
  const gaps = s.normalize?.gaps ?? [];
  const reach = perspectiveReach(s, model.snapshot.claims);
  const rows = PERSPECTIVE_KEYS.map((p) => {
    const ran = s.entries.filter((e) => e.perspective === p && (e.status === 'done' || e.status === 'failed'));
    // Pages its searches registered first; "Claims found" counts every relevant claim on the pages they returned.
    const newPages = ran.reduce((n, e) => n + e.newPageIds.length, 0);
    const found = relevant.filter((c) => reach(c.claim_id).includes(p)).length;
    const g = gaps.find((x) => x.kind === 'perspective' && x.perspective === p);
    const gapText = !g ? t.noGap : g.status === 'closed' ? t.gapClosed : g.status === 'exhausted' ? t.gapExhausted : t.gapOpen;
    return [perspectiveLabel(s.kind, s.language, p), String(ran.length), String(newPages), String(found), gapText].map((x) => [text(x)]);
  });
  blocks.push(heading(2, [text(t.perspectives)]), { type: 'table', head: t.perspectiveTable.map((h) => [text(h)]), rows });
  blocks.push(heading(2, [text(t.limitations)]), ...limitations(ctx, model));
  blocks.push(heading(2, [text(t.references)]));
  blocks.push(
    cites.list.length > 0
      ? list(
          cites.list.map((e, i) => referenceItem(e, i + 1, cites, ctx)),
          true,
        )
      : paragraph([text(t.statusNone)]),
  );
  return { format: REPORT_DOCUMENT_FORMAT, language: s.language === 'ja' ? 'ja' : 'en', blocks };
}
