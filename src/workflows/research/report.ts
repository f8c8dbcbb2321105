// The report (`<topic>_report.md`) in the question's language: the answer first (verdict, quotes for
// and against), then the relevant claims grouped by status (most relevant first, the rationale in
// words), each evidence sentence quoted verbatim once with a [n] citation (later mentions give the
// number), contested claims with both sides, coverage by perspective, the limitations and the
// References (source linked to its real address when known, locator, trust level). Every value from a
// page, a provider or an error goes through core/format (via ../answer/markdown.ts) before it is written.
import { STANCE_UNSUPPORTED_LANGUAGE, mdInline, type ClaimStatus, type Locator } from '../../core/index.js';
import { mdLink, mdQuote, mdText, mdUrl } from '../answer/index.js';
import { propositionClaimId } from './answer.js';
import type { EvidenceItemArtifact, VerifiedClaimItem } from './artifacts.js';
import type { RunContext } from './context.js';
import type { IntegrationModel } from './integration-model.js';
import { STATUS_ORDER } from './language.js';
import { MIN_RELEVANCE } from './normalize.js';
import { PERSPECTIVE_KEYS, perspectiveLabel } from './perspectives.js';
import { answerSection } from './report-answer.js';
import { Citations, rationaleInWords } from './report-parts.js';
import { refutationSearched } from './verify.js';
import type { ResearchState } from './state.js';

/** Claims shown per status section (the most relevant); every claim is in verified_claims.json. */
export const REPORT_CLAIMS_PER_STATUS = 8;
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

function evidenceLines(label: string, items: EvidenceItemArtifact[], cites: Citations, about: string, quotedAbove: string, indent = ''): string[] {
  return items.slice(0, REPORT_EVIDENCE_PER_SIDE).map((e) => `${indent}- ${label}: ${cites.cite(e, about, quotedAbove)}`);
}

function claimBlock(ctx: RunContext, model: IntegrationModel, c: VerifiedClaimItem, n: number, cites: Citations): string[] {
  const t = ctx.strings;
  const ev = (ids: string[]) => ids.map((id) => model.evidence.get(`${c.claim_id}|${id}`)).filter((e): e is EvidenceItemArtifact => e !== undefined);
  const supporting = ev(c.supporting_evidence_ids);
  const origin = supporting.filter((e) => e.bias_flags.includes('self_source'));
  const others = supporting.filter((e) => !e.bias_flags.includes('self_source'));
  const refuting = ev(c.refuting_evidence_ids);
  const about = c.statement;
  const q = t.quotedAbove;
  const tags = [`${t.statusLine}: ${c.status}`, `${t.confidence} ${c.confidence.toFixed(2)}`, `${t.decisionRelevance} ${c.decision_relevance}`];
  if (c.major) tags.push(t.major);
  if (c.relaxation_reason) tags.push(`${t.relaxed} (${c.table_status}→${c.status})`);
  const out = [`### ${n}. ${mdText(c.statement)}`, '', `- ${tags.join(' · ')}`, `- ${t.rationale}: ${mdText(rationaleInWords(c, ctx.state.language))}`];
  out.push(...evidenceLines(t.statedIn, origin, cites, about, q));
  if (c.status === 'CONTESTED') {
    out.push(`- ${t.supportingSide}:`, ...(others.length > 0 ? evidenceLines(t.supports, others, cites, about, q, '  ') : [`  - ${t.noEvidence}`]));
    out.push(`- ${t.refutingSide}:`, ...(refuting.length > 0 ? evidenceLines(t.refutes, refuting, cites, about, q, '  ') : [`  - ${t.noEvidence}`]));
  } else {
    out.push(...evidenceLines(t.supports, others, cites, about, q), ...evidenceLines(t.refutes, refuting, cites, about, q));
    if (others.length === 0 && refuting.length === 0) out.push(`- ${t.noEvidence}`);
  }
  // Only contradicting claims a reader can check and that are about the question are named.
  const against = c.contested_with
    .map((id) => model.verified.find((v) => v.claim_id === id))
    .filter((v): v is VerifiedClaimItem => v !== undefined && v.relevance >= MIN_RELEVANCE && ctx.worth(v.statement));
  for (const o of against.slice(0, REPORT_EVIDENCE_PER_SIDE)) out.push(`- ${t.contestedWith}: ${mdQuote(oneLine(o.statement))} (${o.status})`);
  out.push('');
  return out;
}

export function localTime(iso: string): string {
  const d = new Date(iso);
  const p = (x: number): string => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function countsText(counts: Record<ClaimStatus, number>): string {
  return STATUS_ORDER.map((s) => `${s} ${counts[s]}`).join(', ');
}

function limitations(ctx: RunContext, model: IntegrationModel): string[] {
  const t = ctx.strings;
  const s = ctx.state;
  const out: string[] = [];
  const gaps = (s.normalize?.gaps ?? []).filter((g) => g.status !== 'closed');
  const ja = s.language === 'ja';
  if (gaps.length > 0) {
    out.push(
      `### ${t.openGaps}`,
      '',
      ...gaps.map(
        (g) =>
          `- ${g.gap_id} (${g.kind}): ${mdText(g.description)} — ${mdText(g.reason)}; ${ja ? `DEEP検索${g.queries_run}回` : `${g.queries_run} DEEP search(es)`}`,
      ),
      '',
    );
  }
  const failed = s.entries.filter((e) => e.status === 'failed');
  const stanceFailures = failed.filter((e) => e.errorCode === STANCE_UNSUPPORTED_LANGUAGE).length;
  if (stanceFailures > 0) out.push(`- **${t.stanceLanguage(stanceFailures)}**`, '');
  if (failed.length > 0) {
    // Searches failing with the same error (numbers aside) are listed once, with their queries.
    const groups = new Map<string, { error: string; queries: string[] }>();
    for (const e of failed) {
      const error = mdInline(e.error ?? '');
      const key = error.replace(/\d+/g, '#');
      const g = groups.get(key) ?? { error, queries: [] };
      g.queries.push(`${e.phase.toUpperCase()} ${mdQuote(e.text)}`);
      groups.set(key, g);
    }
    out.push(
      `### ${t.failedQueries}`,
      '',
      ...[...groups.values()].map((g) =>
        g.queries.length === 1 ? `- ${g.queries[0]}: ${g.error}` : `- ${g.queries.length} × ${g.error} — ${g.queries.join('; ')}`,
      ),
      '',
    );
  }
  const skipped = s.entries.filter((e) => e.status === 'skipped' && !e.duplicateOf);
  if (skipped.length > 0) {
    const reasons = new Map<string, number>();
    for (const e of skipped) reasons.set(e.skipReason ?? '', (reasons.get(e.skipReason ?? '') ?? 0) + 1);
    out.push(`### ${t.skippedQueries}`, '', ...[...reasons].map(([r, n]) => `- ${n} × ${mdInline(r)}`), '');
  }
  const unverified = (s.majors ?? []).filter((m) => !refutationSearched(s, m.claimId));
  if (unverified.length > 0) out.push(`### ${t.unverifiedMajors}`, '', ...unverified.map((m) => `- ${mdText(m.statement)} (${m.reasons.join(', ')})`), '');
  if (s.warnings.length > 0) {
    const byCode = new Map<string, { first: string; n: number }>();
    for (const w of s.warnings) {
      const k = `${w.source}|${w.code}`;
      const x = byCode.get(k);
      if (x) x.n++;
      else byCode.set(k, { first: `${mdText(w.source)} (${mdText(w.code)}): ${mdText(w.message)}`, n: 1 });
    }
    out.push(`### ${t.warnings}`, '', ...[...byCode.values()].map((x) => `- ${x.first}${x.n > 1 ? ` (×${x.n})` : ''}`), '');
  }
  const levels = new Map<string, number>();
  for (const p of model.snapshot.pages) levels.set(p.trustLevel, (levels.get(p.trustLevel) ?? 0) + 1);
  if (levels.size > 0) out.push(`- ${t.trustNote([...levels].map(([l, n]) => `${l} ${n}`).join(', '))}`, '');
  return out.length > 0 ? out : [t.noLimitations, ''];
}

/** A References line: the source (linked to its real address when known), locator, trust level, and the quote in full when the body showed an excerpt. */
function referenceLine(e: EvidenceItemArtifact, n: number, cites: Citations, ctx: RunContext): string {
  const t = ctx.strings;
  const link = ctx.deps.linkOf?.(e.url) ?? null;
  const title = e.title ? oneLine(e.title) : e.url;
  const where = link ? `${mdLink(title, link)} ${mdUrl(e.url)}` : `${e.title ? `${mdText(title)} — ` : ''}${mdUrl(e.url)}`;
  const full = cites.excerpted.has(n) ? ` — ${mdQuote(e.quote)}` : '';
  return `${n}. ${where} — ${t.locator}: ${formatLocator(e.locator, ctx.state.language === 'ja')} — ${e.tier}${full}`;
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
 * The claim of each numbered claim heading of the report, in order (`### 1. …` is the first): what a
 * reader of the report (the UI) links a heading to, by id, instead of matching its text.
 */
export function reportClaimIds(ctx: RunContext, model: IntegrationModel): string[] {
  return statusSections(ctx, model).flatMap((s) => s.shown.map((c) => c.claim_id));
}

export function renderReport(ctx: RunContext, model: IntegrationModel): string {
  const t = ctx.strings;
  const s = ctx.state;
  const cites = new Citations();
  const sections = statusSections(ctx, model);
  const relevant = sections.flatMap((x) => x.all);
  const counts = Object.fromEntries(STATUS_ORDER.map((st) => [st, relevant.filter((c) => c.status === st).length])) as Record<ClaimStatus, number>;
  const searches = s.entries.filter((e) => e.status === 'done' || e.status === 'failed').length;
  const majors = s.majors ?? [];
  const subject = ctx.questions[0]?.subject ?? '';
  const lines: string[] = [
    `# ${t.reportTitle}: ${mdText(s.question)}`,
    '',
    `> ${t.run}: ${localTime(s.startedAt)} | ${t.searches(searches)} | ${mdText((s.sourcesSearched ?? s.options.providers).join(', ') || 'configured providers')} | task ${s.taskId}`,
    '',
    ...answerSection(ctx, model, cites),
    `## ${t.summary}`,
    '',
    `- ${t.relevantClaims(relevant.length, countsText(counts))}`,
    `- ${t.majorChecked(majors.filter((m) => refutationSearched(s, m.claimId)).length, majors.length)}`,
    `- ${t.sourcesUsed(model.snapshot.pages.length)}`,
  ];
  if (s.deep.stop) lines.push(`- ${t.deepStopped(s.deep.rounds.length, s.deep.stop.reason, `${Math.round((s.deep.rounds.at(-1)?.coverage ?? 0) * 100)}%`)}`);
  lines.push('');
  let n = 0;
  for (const { status, all, shown } of sections) {
    lines.push(`## ${t.statusHeading[status]}${subject ? t.about(mdText(subject)) : ''}`, '');
    if (all.length === 0) lines.push(t.statusNone, '');
    for (const c of shown) lines.push(...claimBlock(ctx, model, c, ++n, cites));
    if (all.length > shown.length) lines.push(`_${t.moreClaims(REPORT_CLAIMS_PER_STATUS, all.length, 'verified_claims.json')}_`, '');
  }
  lines.push(`## ${t.perspectives}`, '', `| ${t.perspectiveTable.join(' | ')} |`, `|${t.perspectiveTable.map(() => ':--').join('|')}|`);
  const gaps = s.normalize?.gaps ?? [];
  for (const p of PERSPECTIVE_KEYS) {
    const searchesP = s.entries.filter((e) => e.perspective === p && (e.status === 'done' || e.status === 'failed')).length;
    const found = relevant.filter((c) => ctx.perspectiveOf(c.claim_id) === p).length;
    const g = gaps.find((x) => x.kind === 'perspective' && x.perspective === p);
    const gapText = !g ? t.noGap : g.status === 'closed' ? t.gapClosed : g.status === 'exhausted' ? t.gapExhausted : t.gapOpen;
    lines.push(`| ${perspectiveLabel(s.kind, s.language, p)} | ${searchesP} | ${found} | ${gapText} |`);
  }
  lines.push('', `## ${t.limitations}`, '', ...limitations(ctx, model));
  lines.push(`## ${t.references}`, '');
  cites.list.forEach((e, i) => lines.push(referenceLine(e, i + 1, cites, ctx)));
  if (cites.list.length === 0) lines.push(t.statusNone);
  return `${lines.join('\n')}\n`;
}
